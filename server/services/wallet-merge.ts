// Merging the phone's anonymous wallet into the wallet it recovers (POST /api/customer/recover/:token
// with the phone's old credential). The rule: the merged wallet ends up with exactly the stamps ONE
// customer could have collected under the stamping rules. The two wallets' stamp events are replayed
// per store: a stamp from the anonymous wallet is kept only if it breaks neither "one stamp per
// customer per dynamic code" nor the store's cooldown against the stamps already on the recovered
// card. So scanning one purchase with many throw-away wallets and merging them all gains nothing;
// honest stamps (collected on a new phone before recovering) all come along.
import type { Transaction } from 'kysely';
import type { AppDeps } from '../deps';
import type { Database, StampKind } from '../db/schema';
import { lockCardsOfCustomers } from '../repositories/cards';
import { findCustomerById, updateCustomerProfile } from '../repositories/customers';
import { recountCardVisits } from './card-visits';
import {
  addMergedStamps,
  recountCard,
  cardOfAt,
  cardsOf,
  countRedemptionsOf,
  deleteCard,
  deleteCustomer,
  deleteStampEvents,
  eventsOfCard,
  lockCustomers,
  moveCard,
  moveCardHistory,
  type MergeEventRow,
} from '../repositories/wallet-merge';
import { refreshStampFigures } from '../repositories/stamp-figures';
import { bumpStoreCounter } from '../repositories/store-counters';
import { refundBonusStamps } from '../repositories/campaigns';
import { cooldownMinutes } from './cooldown';
import { expireOverdueCardsOf } from './stamp-expiry';
import { bonusTokenOf } from './bonus-stamps';
import { enqueueGoogleWalletUpdates, enqueueGoogleWalletVoids } from './google-wallet-updates';
import { applePassesChanged } from './apple-pass-updates';

const MINUTE_MS = 60 * 1000;

export interface WalletMergeSummary {
  /** Cards of the anonymous wallet that were moved over or combined with a card of the same store. */
  cards: number;
  /** Stamps added to the recovered wallet. */
  stamps: number;
  /** Stamps left out because the recovered wallet already had them (same code) or they fell within a store's cooldown. */
  skippedStamps: number;
  /** Past claims moved over (the history is kept). */
  redemptions: number;
}

export type MergeDeps = Pick<AppDeps, 'config' | 'db'>;

/**
 * Merges wallet `fromId` into `intoId` inside the caller's transaction `trx`, then deletes `fromId` with its
 * device credentials. Only an anonymous wallet (no e-mail) is merged: a wallet with an e-mail can be
 * recovered on its own and is left as it is (answers null). Answers null too when there is nothing to merge.
 */
export async function mergeAnonymousWallet(
  deps: MergeDeps,
  fromId: string,
  intoId: string,
  now: number,
  trx: Transaction<Database>,
): Promise<WalletMergeSummary | null> {
  if (fromId === intoId) return null;
  if (deps.db.dialect === 'postgres') {
    // Hold the anonymous customer still (no e-mail added, no claim) while it is read and emptied.
    await lockCustomers(trx, [fromId, intoId]);
    await lockCardsOfCustomers(trx, [fromId, intoId]);
  }
  const from = await findCustomerById(trx, fromId);
  const into = await findCustomerById(trx, intoId);
  if (!from || !into || from.email_normalized !== null) return null;
  // A wallet deleted while this merge waited for its row (PostgreSQL: the phone's credential was read
  // before the deletion committed) has empty cards but keeps its stamp rows for the store's counts:
  // moving those rows would add stamp rows to the recovered card without their stamps. Its stamps are
  // gone with it; nothing is merged, and nothing is merged into a deleted wallet either.
  if (from.deleted_at !== null || into.deleted_at !== null) return null;

  // Stamps past their store's expiry that no read has taken off yet end now, on their own card: combined
  // with a card visited more lately they would otherwise live on (or bring the other card's back).
  const expiredCards = await expireOverdueCardsOf(trx, [fromId, intoId], now);
  const summary: WalletMergeSummary = { cards: 0, stamps: 0, skippedStamps: 0, redemptions: 0 };
  summary.redemptions = await countRedemptionsOf(trx, fromId);
  const changedCards: string[] = [...expiredCards];
  for (const card of await cardsOf(trx, fromId)) {
    summary.cards += 1;
    const existing = await cardOfAt(trx, intoId, card.vendor_id);
    if (!existing) {
      // A store the recovered wallet has no card for: nothing to clash with, the card moves as it is.
      await moveCard(trx, card.id, intoId, now);
      changedCards.push(card.id);
      summary.stamps += card.stamps;
      continue;
    }
    const { kept, skipped } = replayStamps(await eventsOfCard(trx, existing.id), await eventsOfCard(trx, card.id), (kind) => cooldownMinutes(deps, kind) * MINUTE_MS);
    await deleteStampEvents(trx, skipped.map((e) => e.id));
    // A dropped stamp the store had voided was already taken off the card and the store's count.
    const skippedLive = skipped.filter((e) => e.voided_at == null);
    // The store's stamp count loses the dropped duplicates, in their own time slots.
    for (const event of skippedLive) await bumpStoreCounter(trx, card.vendor_id, 'stamps', event.created_at, -1);
    // A dropped bonus stamp was never given twice: its campaign's budget gets its cost back (a voided one already did).
    await refundBonusStamps(trx, skippedLive.map((e) => ({ bonus_campaign_id: e.bonus_campaign_id ?? null, bonus_cost_cents: e.bonus_cost_cents ?? null })));
    await moveCardHistory(trx, card.id, existing.id, intoId);
    // Stamps already spent on a claim stay spent: the skipped ones come off what is left on the card.
    const added = Math.max(0, card.stamps - skippedLive.length);
    const withdrawn = Number(card.claimed_stamps_withdrawn) + Math.max(0, skippedLive.length - card.stamps);
    const lastKept = kept.length > 0 ? kept[kept.length - 1].created_at : null;
    const lastStampAt = maxOrNull(existing.last_stamp_at, lastKept);
    await addMergedStamps(trx, existing.id, added, withdrawn, lastStampAt, now);
    await recountCard(trx, existing.id);
    // The merged history gives its stamps other visit numbers and card counts.
    await refreshStampFigures(trx, [existing.id]);
    // Two wallets' stamps on one day are one visit: the visits are counted again by store day.
    await recountCardVisits(trx, existing.id);
    // The combined card's Google Wallet pass shows the new count; the anonymous card's pass is voided.
    await enqueueGoogleWalletUpdates(trx, now, [existing.id]);
    await enqueueGoogleWalletVoids(trx, now, { cardIds: [card.id] });
    await deleteCard(trx, card.id);
    changedCards.push(existing.id);
    summary.stamps += added;
    summary.skippedStamps += skippedLive.length;
  }
  if (into.display_name === null && from.display_name !== null) {
    await updateCustomerProfile(trx, intoId, { display_name: from.display_name }, now);
  }
  await applePassesChanged(trx, now, changedCards);
  // A card that only expired shows its empty count too (a combined one's pass was voided above, with its object).
  await enqueueGoogleWalletUpdates(trx, now, expiredCards);
  // Revokes the anonymous wallet's credential(s): that phone now uses the recovered wallet's new one.
  await deleteCustomer(trx, fromId);
  return summary;
}

function maxOrNull(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/**
 * Which of `incoming` (another wallet's stamps at one store, oldest first) could also have been
 * collected by the owner of `existing`: a dynamic code counts once, and a stamp needs the cooldown
 * of its kind since the stamp before it — and must not put the stamp after it inside that one's
 * cooldown. `existing` stamps all stay (they were given under the rules). A bonus stamp (a campaign's second
 * stamp of a visit, given in the same millisecond) follows the stamp it came with: kept with it, dropped with it.
 */
export function replayStamps(
  existing: MergeEventRow[],
  incoming: MergeEventRow[],
  cooldownMs: (kind: StampKind) => number,
): { kept: MergeEventRow[]; skipped: MergeEventRow[] } {
  const timeline = [...existing].sort(byTime);
  const dynamicCodes = new Set(existing.filter((e) => e.kind === 'dynamic').map((e) => e.token_id));
  const kept: MergeEventRow[] = [];
  const skipped: MergeEventRow[] = [];
  const isBonus = (event: MergeEventRow) => event.bonus_campaign_id != null;
  for (const event of incoming.filter((e) => !isBonus(e)).sort(byTime)) {
    const at = insertionIndex(timeline, event);
    const before = timeline[at - 1];
    const after = timeline[at];
    const duplicate = event.kind === 'dynamic' && dynamicCodes.has(event.token_id);
    const tooSoon = before !== undefined && event.created_at - before.created_at < cooldownMs(event.kind);
    const crowdsNext = after !== undefined && after.created_at - event.created_at < cooldownMs(after.kind);
    if (duplicate || tooSoon || crowdsNext) {
      skipped.push(event);
      continue;
    }
    timeline.splice(at, 0, event);
    if (event.kind === 'dynamic') dynamicCodes.add(event.token_id);
    kept.push(event);
  }
  const keptTokens = new Set(kept.map((e) => `${e.created_at}:${bonusTokenOf(e.token_id)}`));
  for (const event of incoming.filter(isBonus)) {
    if (keptTokens.has(`${event.created_at}:${event.token_id}`)) kept.push(event);
    else skipped.push(event);
  }
  kept.sort(byTime);
  return { kept, skipped };
}

function byTime(a: MergeEventRow, b: MergeEventRow): number {
  return a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Where `event` goes in the time-ordered `timeline` (after events at the same time). */
function insertionIndex(timeline: MergeEventRow[], event: MergeEventRow): number {
  let low = 0;
  let high = timeline.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (timeline[mid].created_at <= event.created_at) low = mid + 1;
    else high = mid;
  }
  return low;
}
