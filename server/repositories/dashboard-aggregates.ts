// The dashboard's card and customer figures, read from kept aggregates (migration
// 2026112213, kept by triggers in each change's own transaction) instead of passes over every card and
// stamp: a read of at most a few hundred small rows, whatever the size of the store's history.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/** The histogram's day: UTC days since the epoch, as the triggers work it out. */
export const HISTOGRAM_DAY_MS = 86_400_000;

export interface StampCount {
  stamps: number;
  cards: number;
}

/** How many of the store's cards hold each stamp count (counts with no card left out). */
export async function cardsByStampCount(db: Queryable, vendorId: string): Promise<StampCount[]> {
  const rows = await db.selectFrom('store_card_stamps').select(['stamps', 'cards']).where('vendor_id', '=', vendorId).where('cards', '>', 0).execute();
  return rows.map((r) => ({ stamps: Number(r.stamps), cards: Number(r.cards) }));
}

/**
 * Cards with at least one stamp changed at or after `since`, by stamp count: whole UTC days after the
 * one holding `since` from the per-day histogram, and that first day's cards from stamp_cards itself
 * (its (vendor_id, updated_at) index), so the boundary is exact to the millisecond.
 */
export async function activeCardsByStampCount(db: Queryable, vendorId: string, since: number): Promise<StampCount[]> {
  const sinceDay = Math.floor(since / HISTOGRAM_DAY_MS);
  const [laterDays, firstDay] = await Promise.all([
    db
      .selectFrom('store_card_days')
      .select((eb) => ['stamps', eb.fn.sum<number | string>('cards').as('cards')])
      .where('vendor_id', '=', vendorId)
      .where('day', '>', sinceDay)
      .where('stamps', '>=', 1)
      .groupBy('stamps')
      .execute(),
    db
      .selectFrom('stamp_cards')
      .select((eb) => ['stamps', eb.fn.countAll<number | string>().as('cards')])
      .where('vendor_id', '=', vendorId)
      .where('updated_at', '>=', since)
      .where('updated_at', '<', (sinceDay + 1) * HISTOGRAM_DAY_MS)
      // Unary plus: the stamps condition must not steer the planner to the (vendor_id, stamps) index,
      // which reads every card of the store (2.8 ms at 10,000 cards) to skip one small sort.
      .where(sql<number>`+${sql.ref('stamps')}`, '>=', 1)
      .groupBy('stamps')
      .execute(),
  ]);
  const byStamps = new Map<number, number>();
  for (const row of [...laterDays, ...firstDay]) byStamps.set(Number(row.stamps), (byStamps.get(Number(row.stamps)) ?? 0) + Number(row.cards));
  return [...byStamps].map(([stamps, cards]) => ({ stamps, cards }));
}

/** Since when the store's engaged_counts count stamps (0: all of them, for a store never moved on). */
export async function engagedCountedFrom(db: Queryable, vendorId: string): Promise<number> {
  const row = await db.selectFrom('engaged_windows').select('counted_from').where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(row?.counted_from ?? 0);
}

/** The `limit` customers with the most counted stamps (ties by customer id), along the top index. */
export async function topEngagedCounts(db: Queryable, vendorId: string, limit: number): Promise<Array<{ customer_id: string; stamps: number }>> {
  const rows = await db
    .selectFrom('engaged_counts')
    .select(['customer_id', 'stamps'])
    .where('vendor_id', '=', vendorId)
    .where('stamps', '>', 0)
    .orderBy('stamps', 'desc')
    .orderBy('customer_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ customer_id: r.customer_id, stamps: Number(r.stamps) }));
}

/** The counted stamps of these customers at the store. */
export async function engagedCountsOf(db: Queryable, vendorId: string, customerIds: readonly string[]): Promise<Map<string, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db.selectFrom('engaged_counts').select(['customer_id', 'stamps']).where('vendor_id', '=', vendorId).where('customer_id', 'in', [...customerIds]).execute();
  return new Map(rows.map((r) => [r.customer_id, Number(r.stamps)]));
}

/** Not-voided stamps per customer made in [from, to): what lies between the kept window and the asked one. */
export async function stampsPerCustomerBetween(db: Queryable, vendorId: string, from: number, to: number): Promise<Map<string, number>> {
  if (from >= to) return new Map();
  const rows = await db
    .selectFrom('stamp_events')
    .select((eb) => ['customer_id', eb.fn.countAll<number | string>().as('stamps')])
    .where('vendor_id', '=', vendorId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('voided_at', 'is', null)
    .groupBy('customer_id')
    .execute();
  return new Map(rows.map((r) => [r.customer_id, Number(r.stamps)]));
}

/**
 * Moves the store's engaged window start forward to `to`: the stamps it leaves behind come off their
 * customers' counts. Claims the move first with a conditional UPDATE, so of two processes moving it at
 * once only one subtracts. Run in its own short transaction (not inside a stamp's), so it never holds the
 * window while waiting on a stamp's locks.
 */
export async function advanceEngagedWindow(db: Queryable, vendorId: string, to: number): Promise<void> {
  await db.insertInto('engaged_windows').values({ vendor_id: vendorId, counted_from: 0 }).onConflict((oc) => oc.column('vendor_id').doNothing()).execute();
  const from = await engagedCountedFrom(db, vendorId);
  if (to <= from) return;
  const moved = await db.updateTable('engaged_windows').set({ counted_from: to }).where('vendor_id', '=', vendorId).where('counted_from', '=', from).executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return;
  for (const [customerId, stamps] of await stampsPerCustomerBetween(db, vendorId, from, to)) {
    await db
      .updateTable('engaged_counts')
      .set((eb) => ({ stamps: eb('stamps', '-', stamps) }))
      .where('vendor_id', '=', vendorId)
      .where('customer_id', '=', customerId)
      .execute();
  }
}

/**
 * Rebuilds the store's engaged counts from its stamps since `countedFrom` (bulk-written test and bench
 * data; the migration does the same for every store).
 */
export async function recountEngaged(db: Queryable, vendorId: string, countedFrom: number): Promise<void> {
  await db.deleteFrom('engaged_counts').where('vendor_id', '=', vendorId).execute();
  await db
    .insertInto('engaged_windows')
    .values({ vendor_id: vendorId, counted_from: countedFrom })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet({ counted_from: countedFrom }))
    .execute();
  await sql`INSERT INTO engaged_counts (vendor_id, customer_id, stamps)
    SELECT vendor_id, customer_id, COUNT(*) FROM stamp_events
    WHERE vendor_id = ${vendorId} AND voided_at IS NULL AND created_at >= ${countedFrom}
    GROUP BY vendor_id, customer_id`.execute(db);
}
