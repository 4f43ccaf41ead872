// Stamps end a store's expiry in days after a card's last visit: the cards past it lose their stamps when
// they are next read or scanned (the card, the wallet, the store's dashboard and activity), each once,
// as an expiry event. Nothing runs on a timer; until a read reaches a card, toCard already shows it empty.
import type { Transaction } from 'kysely';
import type { AppDeps } from '../deps';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { expireCard, findOverdueCards } from '../repositories/stamp-expiries';
import { refreshStampFigures } from '../repositories/stamp-figures';
import { enqueueGoogleWalletUpdates } from './google-wallet-updates';
import { applePassesChanged } from './apple-pass-updates';

export const DAY_MS = 86_400_000;

/** When the card's stamps expire if the customer does not visit (null: no expiry, or no stamps). */
export function stampsExpireAt(lastStampAt: number | null, stamps: number, expiryDays: number | null): number | null {
  if (expiryDays === null || lastStampAt === null || stamps <= 0) return null;
  return lastStampAt + expiryDays * DAY_MS;
}

/** Expires the overdue cards in scope; how many it expired. */
export async function expireOverdueCards(deps: Pick<AppDeps, 'db' | 'now'>, scope: { vendorId: string } | { customerId: string } | { cardId: string }): Promise<number> {
  const now = deps.now();
  let expired = 0;
  for (;;) {
    const overdue = await findOverdueCards(deps.db.kysely, scope, now);
    if (overdue.length === 0) return expired;
    let progressed = false;
    for (const card of overdue) {
      const done = await inTransaction(deps.db.kysely, async (trx) => {
        if (!(await expireCard(trx, card, now))) return false;
        await applePassesChanged(trx, now, [card.id]);
        await refreshStampFigures(trx, [card.id], now);
        await enqueueGoogleWalletUpdates(trx, now, [card.id]);
        return true;
      });
      if (done) {
        expired += 1;
        progressed = true;
      }
    }
    if (!progressed) return expired;
  }
}

/**
 * Expires the overdue cards of these customers inside the caller's transaction, at `now`; answers the
 * cards it expired (their passes are the caller's to mark). A wallet merge runs it before it combines two
 * cards: stamps past their date end on it, rather than living on under the other card's later visit.
 */
export async function expireOverdueCardsOf(trx: Transaction<Database>, customerIds: readonly string[], now: number): Promise<string[]> {
  const expired: string[] = [];
  for (const customerId of customerIds) {
    for (;;) {
      const overdue = await findOverdueCards(trx, { customerId }, now);
      let progressed = false;
      for (const card of overdue) {
        if (!(await expireCard(trx, card, now))) continue;
        await refreshStampFigures(trx, [card.id], now);
        expired.push(card.id);
        progressed = true;
      }
      if (!progressed) break;
    }
  }
  return expired;
}
