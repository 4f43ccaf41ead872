// Each card keeps the times of its RECENT_VISITS_KEPT latest visits (stamps not voided), so
// the Customers page tells a regular (≥ N visits in the last 30 days) by "the N-th latest visit is in the
// window" from the card alone, and finds a store's regulars by an index range (recent_visit_N) instead of
// counting every card's events. Kept in the same transaction as the event that changes them:
// with each stamp (`recentVisitShift` in the stamp's UPDATE), `refreshRecentVisits` after a void or a wallet merge.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/** How many latest visits a card keeps (the migration 2026112212 has its own frozen copy). */
export const RECENT_VISITS_KEPT = 8;

export type RecentVisitColumn = `recent_visit_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

/** The column holding the n-th latest visit (1 = the latest), n ≤ RECENT_VISITS_KEPT. */
export function recentVisitColumn(n: number): RecentVisitColumn {
  if (!Number.isInteger(n) || n < 1 || n > RECENT_VISITS_KEPT) throw new RangeError(`no column for visit ${n}`);
  return `recent_visit_${n}` as RecentVisitColumn;
}

const COLUMNS = Array.from({ length: RECENT_VISITS_KEPT }, (_, i) => recentVisitColumn(i + 1));

/**
 * The SET of a visit at `at`: every kept time moves one place back and `at` becomes the latest (the
 * right-hand sides read the row as it was). The scan's stamp UPDATE carries it (cards.ts).
 */
export function recentVisitShift(at: number): Record<RecentVisitColumn, number | RawBuilder<number>> {
  const shifted: Partial<Record<RecentVisitColumn, number | RawBuilder<number>>> = { [COLUMNS[0]]: at };
  for (let i = 1; i < COLUMNS.length; i += 1) shifted[COLUMNS[i]] = sql.ref<number>(COLUMNS[i - 1]);
  return shifted as Record<RecentVisitColumn, number | RawBuilder<number>>;
}

/** A visit at `at` on its own UPDATE of the card (bulk-written test data; a scan records it with its stamp). */
export async function recordRecentVisit(db: Queryable, cardId: string, at: number): Promise<void> {
  await db.updateTable('stamp_cards').set(recentVisitShift(at)).where('id', '=', cardId).execute();
}

/** Re-reads the card's latest visits from its stamp events (after stamps were voided, moved or dropped). */
export async function refreshRecentVisits(db: Queryable, cardId: string): Promise<void> {
  const rows = await db
    .selectFrom('stamp_events')
    .select('created_at')
    .where('card_id', '=', cardId)
    .where('voided_at', 'is', null)
    // A bonus stamp shares its visit's time; it is no visit of its own.
    .where('bonus_campaign_id', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(RECENT_VISITS_KEPT)
    .execute();
  const values: Record<string, number | null> = {};
  COLUMNS.forEach((column, i) => { values[column] = i < rows.length ? Number(rows[i].created_at) : null; });
  await db.updateTable('stamp_cards').set(values).where('id', '=', cardId).execute();
}

/**
 * Re-reads the latest visits of every card of the store from its stamp events in one pass (bulk-seeded
 * history: the bench; the migration 2026112212 does the same for every store): the events ranked per
 * card, newest first, the first RECENT_VISITS_KEPT of each set on its card.
 */
export async function refreshStoreRecentVisits(db: Queryable, vendorId: string): Promise<void> {
  await db.updateTable('stamp_cards').set(Object.fromEntries(COLUMNS.map((c) => [c, null]))).where('vendor_id', '=', vendorId).execute();
  await sql`UPDATE stamp_cards SET ${sql.join(COLUMNS.map((c) => sql`${sql.id(c)} = r.${sql.id(c)}`))}
    FROM (
      SELECT card_id, ${sql.join(COLUMNS.map((c, i) => sql`MAX(CASE WHEN rn = ${sql.lit(i + 1)} THEN created_at END) AS ${sql.id(c)}`))}
      FROM (
        SELECT card_id, created_at, ROW_NUMBER() OVER (PARTITION BY card_id ORDER BY created_at DESC) AS rn
        FROM stamp_events WHERE vendor_id = ${vendorId} AND voided_at IS NULL AND bonus_campaign_id IS NULL
      ) ranked
      WHERE rn <= ${sql.lit(RECENT_VISITS_KEPT)}
      GROUP BY card_id
    ) r
    WHERE stamp_cards.id = r.card_id`.execute(db);
}
