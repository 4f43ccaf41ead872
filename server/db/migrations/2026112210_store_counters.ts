// Per-store running counts (stamps, claims, …) for the dashboard, so it never counts the
// event log. Backfilled here from the events already recorded; kept up to date from then on in the
// same transaction as each event (repositories/store-counters.ts).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

/** As in repositories/store-counters.ts at the time of writing (frozen here on purpose). */
const SLOT_MS = 15 * 60 * 1000;

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('store_counters')
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('slot', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
      .addColumn('count', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('store_counters_pk', ['vendor_id', 'metric', 'slot'])
      .execute();
    for (const [metric, table] of [['stamps', 'stamp_events'], ['claims', 'redemptions']] as const) {
      await sql`INSERT INTO store_counters (vendor_id, metric, slot, count)
        SELECT vendor_id, ${metric}, 0, COUNT(*) FROM ${sql.table(table)} GROUP BY vendor_id`.execute(db);
      await sql`INSERT INTO store_counters (vendor_id, metric, slot, count)
        SELECT vendor_id, ${metric}, (created_at / ${sql.lit(SLOT_MS)}) * ${sql.lit(SLOT_MS)}, COUNT(*) FROM ${sql.table(table)}
        GROUP BY vendor_id, (created_at / ${sql.lit(SLOT_MS)}) * ${sql.lit(SLOT_MS)}`.execute(db);
    }
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('store_counters').ifExists().execute();
  };
}
