// SQL for stamps that expired: a card whose last visit is older than the store's expiry in days loses its
// stamps, once, recorded as an expiry event (the activity list shows it). Done when the card or the store
// is read or scanned, so no timer runs against the database; the card histogram's triggers follow the UPDATE.
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;
/** Cards expired per statement, well below SQLite's bound-parameter limit. */
const SWEEP_BATCH = 200;

export interface OverdueCard {
  id: string;
  customer_id: string;
  vendor_id: string;
  stamps: number;
  last_stamp_at: number;
  required: number;
}

/** Cards holding stamps whose last visit is older than their store's expiry (stores with an expiry only). */
export async function findOverdueCards(db: Queryable, scope: { vendorId: string } | { customerId: string } | { cardId: string }, now: number): Promise<OverdueCard[]> {
  let query = db
    .selectFrom('stamp_cards as c')
    .innerJoin('reward_settings as s', 's.vendor_id', 'c.vendor_id')
    .leftJoin('rewards as r', 'r.vendor_id', 'c.vendor_id')
    .select(['c.id', 'c.customer_id', 'c.vendor_id', 'c.stamps', 'c.last_stamp_at', sql<number>`COALESCE(r.stamps, 0)`.as('required')])
    .where('s.expiry_days', 'is not', null)
    .where('c.stamps', '>', 0)
    .where('c.last_stamp_at', 'is not', null)
    // BIGINT throughout: PostgreSQL would otherwise type the bound numbers as integer (epoch ms overflow it).
    .where(sql<boolean>`c.last_stamp_at <= CAST(${now} AS BIGINT) - CAST(s.expiry_days AS BIGINT) * CAST(${DAY_MS} AS BIGINT)`)
    .limit(SWEEP_BATCH);
  if ('vendorId' in scope) query = query.where('c.vendor_id', '=', scope.vendorId);
  else if ('customerId' in scope) query = query.where('c.customer_id', '=', scope.customerId);
  else query = query.where('c.id', '=', scope.cardId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, stamps: Number(r.stamps), last_stamp_at: Number(r.last_stamp_at), required: Number(r.required) }));
}

/**
 * Takes the card's stamps away and records the expiry, unless the card changed since it was read (a scan
 * or another sweep got there first); true when this call expired it.
 */
export async function expireCard(db: Queryable, card: OverdueCard, now: number): Promise<boolean> {
  const result = await db
    .updateTable('stamp_cards')
    .set({ stamps: 0, updated_at: now })
    .where('id', '=', card.id)
    .where('stamps', '=', card.stamps)
    .where('last_stamp_at', '=', card.last_stamp_at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('stamp_expiries')
    .values({
      id: crypto.randomUUID(), card_id: card.id, customer_id: card.customer_id, vendor_id: card.vendor_id,
      stamps: card.stamps, required: card.required, last_visit_at: card.last_stamp_at, created_at: now,
    })
    .execute();
  return true;
}

export async function countExpiries(db: Queryable, vendorId: string): Promise<number> {
  const row = await db.selectFrom('stamp_expiries').select((eb) => eb.fn.countAll<number | string>().as('n')).where('vendor_id', '=', vendorId).executeTakeFirstOrThrow();
  return Number(row.n);
}
