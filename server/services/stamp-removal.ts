// Staff take back a mistaken stamp from the activity list, saying why: the stamp stays listed, marked
// removed with the reason, who and when; the card and every figure follow (as a relay void does), and the
// action is audited. The customer's phone is not needed.
import type { ActivityItem } from '../../src/api/contract/activity';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound, textError } from '../http-errors';
import { inTransaction } from '../db/transactions';
import { enqueueGoogleWalletUpdates } from './google-wallet-updates';
import { findActivityRow } from '../repositories/activity';
import { recountCardVisits } from './card-visits';
import { insertAudit, lockCardsById, removeStampsFromCard, voidStampEvents } from '../repositories/relay';
import { setStampRemoval } from '../repositories/stamp-events';
import { bumpStoreCounter } from '../repositories/store-counters';
import { findVendorById } from '../repositories/vendors';
import { toActivityItems } from './activity';
import { applePassesChanged } from './apple-pass-updates';
import { bonusCompanionsOf } from './bonus-stamps';

export const STAMP_NOT_FOUND_MESSAGE = 'No such stamp at this store.';
export const STAMP_ALREADY_REMOVED_MESSAGE = 'This stamp was already removed.';

export async function removeStamp(
  deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>,
  vendorId: string,
  stampId: string,
  reasonText: string,
  clientAddress: string | null,
): Promise<ActivityItem> {
  const reason = reasonText.trim();
  if (reason === '') throw badRequest('reason must say why the stamp is removed', [{ field: 'reason', message: 'is required' }]);
  const vendor = await findVendorById(deps.db.kysely, vendorId);
  if (!vendor) throw textError(404, 'commonRefusals.storeGone');
  const by = vendor.email;
  await inTransaction(deps.db.kysely, async (trx) => {
    const row = await findActivityRow(trx, 'stamp', stampId);
    if (!row || row.vendor_id !== vendorId) throw notFound(STAMP_NOT_FOUND_MESSAGE);
    // Dated once this removal holds the card, as a relay void is: a claim that got to the card first is
    // dated before it.
    if (deps.db.dialect === 'postgres') await lockCardsById(trx, [row.card_id]);
    const now = deps.now();
    // The bonus stamp this stamp earned goes with it (and its cost back to its campaign's budget).
    const companions = await bonusCompanionsOf(trx, [stampId]);
    const voided = await voidStampEvents(trx, [stampId, ...companions.map((c) => c.id)], now);
    const stamp = voided.find((v) => v.id === stampId);
    if (!stamp) throw conflict(STAMP_ALREADY_REMOVED_MESSAGE);
    // The card the stamp is on now (a wallet merge may have moved it since it was read).
    const cardId = stamp.cardId;
    for (const { id } of voided) await setStampRemoval(trx, id, reason, by);
    // The dashboard's running counts stop counting them, in the slot they were counted in.
    await bumpStoreCounter(trx, vendorId, 'stamps', row.created_at, -voided.length);
    const claimKept = await removeStampsFromCard(trx, cardId, voided.length, now);
    await applePassesChanged(trx, now, [cardId]);
    // A removed stamp's day stops being a visit once no other stamp of it is left.
    await recountCardVisits(trx, cardId);
    await enqueueGoogleWalletUpdates(trx, now, [cardId]);
    await insertAudit(trx, { vendorId, action: 'remove-stamp', codeKey: null, detail: { stampId, reason, by, cardsHeldAtZero: claimKept ? [cardId] : [] }, clientAddress }, now);
  });
  deps.activityBus.publish({ type: 'stamp', vendorId, id: stampId });
  const row = await findActivityRow(deps.db.kysely, 'stamp', stampId);
  if (!row) throw notFound(STAMP_NOT_FOUND_MESSAGE);
  const [item] = await toActivityItems(deps, vendorId, [row]);
  return item;
}
