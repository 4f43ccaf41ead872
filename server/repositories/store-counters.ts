// Running counts per store, so the dashboard reads a handful of rows instead of counting a
// million events. Each count is changed by `bumpStoreCounter` INSIDE the transaction that records the
// event it counts (a stamp, a claim, …): it commits or rolls back with it, so the counts never drift.
//
// To count a new kind of event (a voided stamp, a pending claim, …): add its name to STORE_METRICS and
// call `bumpStoreCounter(trx, vendorId, '<metric>', at)` in that event's transaction (delta −1 undoes
// one). `storeCounterTotal` and `storeCounterSlots` read it back; nothing else needs to change.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';
import { storeDaySql, type UtcOffsetSpan } from './store-day-sql';

type Queryable = Kysely<Database> | Transaction<Database>;

/** What is counted. Add a name here to count another kind of event. */
export const STORE_METRICS = ['stamps', 'claims'] as const;
export type StoreMetric = (typeof STORE_METRICS)[number];

/**
 * Counts are kept per 15-minute slot: every UTC offset on Earth is a whole number of quarter hours, so
 * any local day (or week) is an exact sum of slots.
 */
export const SLOT_MS = 15 * 60 * 1000;
/** The slot that holds the all-time total (epoch 0: no real event is that old). */
export const ALL_TIME_SLOT = 0;

export function slotOf(at: number): number {
  return Math.floor(at / SLOT_MS) * SLOT_MS;
}

/**
 * Adds `delta` (default 1) to the store's all-time count of `metric` and to the count of the slot that
 * holds `at`. Call it in the same transaction as the event it counts. One statement, two rows.
 */
export async function bumpStoreCounter(db: Queryable, vendorId: string, metric: StoreMetric, at: number, delta = 1): Promise<void> {
  await bumpQuery(db, vendorId, metric, slotOf(at), delta);
}

// Compiled once: every stamp and claim runs it.
const bumpQuery = reusableQuery<[vendorId: string, metric: StoreMetric, slot: number, delta: number], unknown>(4, (db, vendorId, metric, slot, delta) =>
  db
    .insertInto('store_counters')
    .values([
      { vendor_id: vendorId, metric, slot: ALL_TIME_SLOT, count: delta },
      { vendor_id: vendorId, metric, slot, count: delta },
    ])
    .onConflict((oc) => oc.columns(['vendor_id', 'metric', 'slot']).doUpdateSet({ count: (eb) => eb('store_counters.count', '+', eb.ref('excluded.count')) })),
);

/** The store's all-time count of `metric` (0 when nothing was ever counted). */
export async function storeCounterTotal(db: Queryable, vendorId: string, metric: StoreMetric): Promise<number> {
  const row = await db
    .selectFrom('store_counters')
    .select('count')
    .where('vendor_id', '=', vendorId)
    .where('metric', '=', metric)
    .where('slot', '=', ALL_TIME_SLOT)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Non-empty slots of `metric` in [start, end), as slot start → count (primary-key range read). */
export async function storeCounterSlots(db: Queryable, vendorId: string, metric: StoreMetric, start: number, end: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('store_counters')
    .select(['slot', 'count'])
    .where('vendor_id', '=', vendorId)
    .where('metric', '=', metric)
    .where('slot', '>=', Math.max(start, ALL_TIME_SLOT + 1))
    .where('slot', '<', end)
    .orderBy('slot')
    .execute();
  return new Map(rows.map((r) => [Number(r.slot), Number(r.count)]));
}

/**
 * `metric` per store day (see store-day-sql) in [start, end): store day number → count. Every UTC offset is a
 * whole number of quarter hours, so each slot lies within one store day. Summed by the database, so a few
 * dozen rows come back instead of one per slot.
 */
export async function storeCounterDays(
  db: Queryable,
  vendorId: string,
  metric: StoreMetric,
  start: number,
  end: number,
  storeOffsets: readonly UtcOffsetSpan[],
): Promise<Map<number, number>> {
  // Literals, not parameters (storeDaySql writes only literals): PostgreSQL matches the GROUP BY
  // expression to the selected one only when they are the same text.
  const day = storeDaySql(sql.ref('slot'), storeOffsets);
  const rows = await db
    .selectFrom('store_counters')
    .select((eb) => [day.as('day'), eb.fn.sum<number | string>('count').as('count')])
    .where('vendor_id', '=', vendorId)
    .where('metric', '=', metric)
    .where('slot', '>=', Math.max(start, ALL_TIME_SLOT + 1))
    .where('slot', '<', end)
    .groupBy(day)
    .execute();
  return new Map(rows.map((r) => [Number(r.day), Number(r.count)]));
}

/**
 * Recounts the store's stamps and claims from the event tables (bulk-seeded test and bench data, which
 * bypass the stamping code). The migration's backfill, plus leaving out voided stamps.
 */
export async function recountStoreCounters(db: Queryable, vendorId: string): Promise<void> {
  await db.deleteFrom('store_counters').where('vendor_id', '=', vendorId).execute();
  const slot = sql<number>`(created_at / ${sql.lit(SLOT_MS)}) * ${sql.lit(SLOT_MS)}`;
  // Stamps the store voided no longer count.
  for (const [metric, table, counted] of [['stamps', 'stamp_events', sql`voided_at IS NULL`], ['claims', 'redemptions', sql`TRUE`]] as const) {
    await sql`INSERT INTO store_counters (vendor_id, metric, slot, count)
      SELECT vendor_id, ${metric}, ${sql.lit(ALL_TIME_SLOT)}, COUNT(*) FROM ${sql.table(table)} WHERE vendor_id = ${vendorId} AND ${counted} GROUP BY vendor_id`.execute(db);
    await sql`INSERT INTO store_counters (vendor_id, metric, slot, count)
      SELECT vendor_id, ${metric}, ${slot}, COUNT(*) FROM ${sql.table(table)} WHERE vendor_id = ${vendorId} AND ${counted} GROUP BY vendor_id, ${slot}`.execute(db);
  }
}
