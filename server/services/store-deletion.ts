// The owner deletes their store: the store's name typed as it is and the owner's current password, then the
// store and the personal data it holds are erased. Everyone signed in to it (people and counter screens) is
// refused from the next request on: their sessions and devices go with the store, and the live feeds they
// hold open end at once.
import type { AppDeps } from '../deps';
import { inTransaction } from '../db/transactions';
import { badRequest, textError } from '../http-errors';
import { findVendorById } from '../repositories/vendors';
import { customersOfStore, deleteCustomersWithoutCards, deleteStoreCards, deleteStoreRows, deleteUnusedImages, imagesOfStore } from '../repositories/store-deletion';
import { verifyPassword } from './passwords';
import { announceSessionsEnded } from './sessions';

export const STORE_NAME_MISMATCH_MESSAGE = "Type the store's name exactly as it is shown.";
export const WRONG_PASSWORD_MESSAGE = 'The password is not right.';

/** The name the owner types to confirm: the business name, or the owner's name when there is none. */
export function storeNameOf(vendor: { company: string; name: string }): string {
  return vendor.company || vendor.name;
}

export async function deleteStore(deps: Pick<AppDeps, 'db' | 'activityBus'>, vendorId: string, typedName: string, password: string): Promise<void> {
  const vendor = await findVendorById(deps.db.kysely, vendorId);
  if (!vendor) throw textError(404, 'commonRefusals.storeGone');
  if (typedName.trim() !== storeNameOf(vendor).trim()) throw badRequest(STORE_NAME_MISMATCH_MESSAGE, [{ field: 'storeName', message: 'does not match' }]);
  // A wrong password is a 400, not a 401: the session itself is fine and must not end.
  if (!vendor.password_hash || !(await verifyPassword(vendor.password_hash, password))) {
    throw badRequest(WRONG_PASSWORD_MESSAGE, [{ field: 'password', message: 'is not right' }]);
  }
  // Two steps: the cards and the customers who only knew this store first (the dashboard's figures the cards
  // feed settle while the store still exists), then the store itself. A second try after a failure in between
  // finds a store without cards and finishes the work.
  const images = await inTransaction(deps.db.kysely, async (trx) => {
    const customers = await customersOfStore(trx, vendorId);
    const storeImages = await imagesOfStore(trx, vendorId);
    await deleteStoreCards(trx, vendorId);
    // A customer who collected elsewhere too keeps their wallet; one who only knew this store is erased.
    await deleteCustomersWithoutCards(trx, customers);
    return storeImages;
  });
  await inTransaction(deps.db.kysely, async (trx) => {
    await deleteStoreRows(trx, vendorId);
    await deleteUnusedImages(trx, images);
  });
  // The store's open live feeds and counter screens close now (with their last 'session-ended' event),
  // on every server, rather than at their next periodic check.
  announceSessionsEnded(deps, vendorId);
}
