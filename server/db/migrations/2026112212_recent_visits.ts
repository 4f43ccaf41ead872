// Frozen in time (issue 19): each card keeps the times of its latest visits (stamps not voided), so the
// Customers page's "regulars" (≥ N visits in 30 days) is "the N-th latest visit is within 30 days": one
// column per N, and an index per N over the store's cards, instead of counting every card's events.
// Backfilled here from the stamp events already recorded.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

/** As RECENT_VISITS_KEPT in repositories/recent-visits.ts at the time of writing (frozen here on purpose). */
const KEPT = 8;
const column = (n: number) => `recent_visit_${n}`;

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    for (let n = 1; n <= KEPT; n += 1) {
      await db.schema.alterTable('stamp_cards').addColumn(column(n), dialect === 'postgres' ? 'bigint' : 'integer').execute();
    }
    // The n-th latest visit of each card, one statement per n, each an index walk per card along
    // stamp_events (card_id, created_at).
    for (let n = 1; n <= KEPT; n += 1) {
      await sql`UPDATE stamp_cards SET ${sql.id(column(n))} = (
          SELECT e.created_at FROM stamp_events e
          WHERE e.card_id = stamp_cards.id AND e.voided_at IS NULL
          ORDER BY e.created_at DESC LIMIT 1 OFFSET ${sql.lit(n - 1)})
        WHERE last_stamp_at IS NOT NULL`.execute(db);
    }
    // Regulars with N ≥ 2 visits: the store's cards whose N-th latest visit is in the window, by range
    // (N = 1 reads stamp_cards_vendor_last_stamp_at_idx).
    for (let n = 2; n <= KEPT; n += 1) {
      await db.schema.createIndex(`stamp_cards_vendor_${column(n)}_idx`).on('stamp_cards').columns(['vendor_id', column(n)]).execute();
    }
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    for (let n = 2; n <= KEPT; n += 1) await db.schema.dropIndex(`stamp_cards_vendor_${column(n)}_idx`).ifExists().execute();
    for (let n = 1; n <= KEPT; n += 1) await db.schema.alterTable('stamp_cards').dropColumn(column(n)).execute();
  };
}
