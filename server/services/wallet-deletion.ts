// DELETE /api/customer/me: the customer erases their wallet — cards, name, e-mail and the
// device credentials — in one transaction. The vendor keeps anonymous counts (see repositories/wallet-deletion).
import type { AppDeps } from '../deps';
import { lockCardsOfCustomers } from '../repositories/cards';
import { eraseCustomer, markCustomerDeleted, pendingClaimsOf } from '../repositories/wallet-deletion';
import { inTransaction } from '../db/transactions';
import { forgetApplePassesOf } from './apple-pass-updates';
import { enqueueGoogleWalletVoids } from './google-wallet-updates';

export const WALLET_DELETED_MESSAGE = 'Your wallet was deleted: its cards, name and e-mail are gone from Stampwise.';

export async function deleteWallet(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>, customerId: string): Promise<{ message: string }> {
  const now = deps.now();
  const pending = await pendingClaimsOf(deps.db.kysely, customerId);
  await inTransaction(deps.db.kysely, async (trx) => {
    // Before anything else: a scan of this wallet still running is waited for, a later one finds it deleted.
    await markCustomerDeleted(trx, customerId, now);
    // Then its cards, before their claims are ended: the order a claim's hand-over takes them in.
    if (deps.db.dialect === 'postgres') await lockCardsOfCustomers(trx, [customerId]);
    // Its Wallet passes go first (they are found through the wallet's cards), with every phone's registration.
    await forgetApplePassesOf(trx, customerId);
    // Each Google Wallet pass of the wallet is voided (after the commit), and its object forgotten here.
    await enqueueGoogleWalletVoids(trx, now, { customerId });
    await eraseCustomer(trx, customerId, now);
  });
  // The counters' feeds drop the "Hand over" button of claims that just ended.
  for (const claim of pending) deps.activityBus.publish({ type: 'redemption', vendorId: claim.vendor_id, id: claim.id });
  return { message: WALLET_DELETED_MESSAGE };
}
