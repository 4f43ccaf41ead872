// Frozen in time: each card keeps the times of its latest visits (stamps not voided), so the
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
    // The latest visits of each card in one pass: the events ranked per card, newest first.
    const columns = Array.from({ length: KEPT }, (_, i) => column(i + 1));
    await sql`UPDATE stamp_cards SET ${sql.join(columns.map((c) => sql`${sql.id(c)} = r.${sql.id(c)}`))}
      FROM (
        SELECT card_id, ${sql.join(columns.map((c, i) => sql`MAX(CASE WHEN rn = ${sql.lit(i + 1)} THEN created_at END) AS ${sql.id(c)}`))}
        FROM (
          SELECT card_id, created_at, ROW_NUMBER() OVER (PARTITION BY card_id ORDER BY created_at DESC) AS rn
          FROM stamp_events WHERE voided_at IS NULL
        ) ranked
        WHERE rn <= ${sql.lit(KEPT)}
        GROUP BY card_id
      ) r
      WHERE stamp_cards.id = r.card_id`.execute(db);
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
