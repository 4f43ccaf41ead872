// SQL for the vendor's Customers page: one row per card of the store (one card per customer),
// read in keyset pages, so a page costs the same at the first customer and the 100,000th. Visits and
// rewards given are counters kept on the card; a regular is told by the card's kept latest visit times
// (repositories/recent-visits.ts), never by counting its events (but past RECENT_VISITS_KEPT visits).
//
// A filtered page is read one of two ways, chosen per page (see `choosePlan`):
// - walk: along the sort's (vendor_id, <column>, id) index from the cursor, testing each card, until the
//   page is full. Cheap when matching cards are common; when they are rare it would walk the whole store.
// - gather: the filter's own index range (e.g. recent_visit_4 in the window: exactly the regulars of 4),
//   sorted. Cheap when matching cards are few; when they are many it would sort them all for each page.
// A capped count of the filter's range (at most GATHER_BELOW index entries) picks the cheap one.
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { CustomerListFilter, CustomerListSort, SortOrder } from '../../src/api/contract/customers';
import type { Database } from '../db/schema';
import { RECENT_VISITS_KEPT, recentVisitColumn } from './recent-visits';
import { storeDaySql, type UtcOffsetSpan } from './store-day-sql';

type Queryable = Kysely<Database> | Transaction<Database>;

export const SORT_COLUMNS = {
  lastVisit: 'c.last_stamp_at',
  firstVisit: 'c.created_at',
  visits: 'c.visits',
  stamps: 'c.stamps',
  rewardsGiven: 'c.rewards_given',
} as const satisfies Record<CustomerListSort, string>;

export interface CustomerListRow {
  card_id: string;
  customer_id: string;
  /** The customer's number at this store, null for cards made before numbering. */
  customer_number: number | null;
  display_name: string | null;
  visits: number;
  stamps: number;
  rewards_given: number;
  created_at: number;
  last_stamp_at: number;
}

/** Where the previous page ended: the sort column's value and the card id of its last row. */
export interface ListPosition {
  value: number;
  id: string;
}

export interface ListQuery {
  vendorId: string;
  filter: CustomerListFilter;
  sort: CustomerListSort;
  order: SortOrder;
  limit: number;
  after?: ListPosition;
  /** Start of the regulars/lapsed window (epoch ms). */
  windowStart: number;
  regularMinVisits: number;
  /** The store's clock over the window, which cuts its days (UTC when left out); read only past RECENT_VISITS_KEPT visits. */
  storeOffsets?: readonly UtcOffsetSpan[];
}

const UTC_DAYS: readonly UtcOffsetSpan[] = [{ from: Number.NEGATIVE_INFINITY, offsetMs: 0 }];

/**
 * Below this many cards in the filter's index range a page gathers and sorts them (at most this many
 * rows); from it on, matching cards are at least this share of the store, so a walk finds a page of 50
 * within about 50 × (store size / GATHER_BELOW) cards: 2,500 at 100,000 customers.
 */
export const GATHER_BELOW = 2000;

type CardsAndCustomers = ExpressionBuilder<Database & { c: Database['stamp_cards']; cu: Database['customers'] }, 'c' | 'cu'>;

/** The filter's own index range: `column op windowStart` over the store's cards. */
interface Gate {
  column: 'last_stamp_at' | ReturnType<typeof recentVisitColumn>;
  op: '<' | '>=';
}

function gateOf(q: ListQuery): Gate | undefined {
  if (q.filter === 'lapsed') return { column: 'last_stamp_at', op: '<' };
  if (q.filter !== 'regulars') return undefined;
  const n = Math.min(q.regularMinVisits, RECENT_VISITS_KEPT);
  // The first visit's time is never after the last stamp's (voided stamps keep last_stamp_at), so the
  // last_stamp_at index bounds the regulars of 1 and the exact test below is on the card.
  return n === 1 ? { column: 'last_stamp_at', op: '>=' } : { column: recentVisitColumn(n), op: '>=' };
}

export type ListPlan = 'walk' | 'gather';

/** Walk the sort's index, or gather the filter's range: whichever reads fewer cards (see the top). */
export async function choosePlan(db: Queryable, q: ListQuery, gatherBelow = GATHER_BELOW): Promise<ListPlan> {
  const gate = gateOf(q);
  // No filter, or the filter's range is the sort's own index: the walk reads only matching cards.
  if (!gate || (gate.column === 'last_stamp_at' && q.sort === 'lastVisit')) return 'walk';
  const inRange = db
    .selectFrom('stamp_cards')
    .select(sql<number>`1`.as('one'))
    .where('vendor_id', '=', q.vendorId)
    .where(gate.column, gate.op, q.windowStart)
    // Along the gate's index (without the order PostgreSQL may read the table until the limit is met).
    .orderBy(gate.column)
    .limit(gatherBelow);
  const { n } = await db.selectFrom(inRange.as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n) < gatherBelow ? 'gather' : 'walk';
}

/**
 * `column + 0`: the same value, which no index serves. Every condition but the driving one is written so,
 * which keeps each database's planner on the index the plan chose (the sort's for a walk, the filter's
 * for a gather) whatever its statistics say, or whether it has any.
 */
function unindexed(column: string) {
  return sql<number>`(${sql.ref(column)} + 0)`;
}

export async function listCustomerRows(db: Queryable, q: ListQuery, plan?: ListPlan): Promise<CustomerListRow[]> {
  const chosen = plan ?? (await choosePlan(db, q));
  const column = SORT_COLUMNS[q.sort];
  const forward = q.order === 'desc' ? '<' : '>';
  const gate = gateOf(q);
  const driving = chosen === 'gather' && gate ? `c.${gate.column}` : column;
  const card = (name: string) => (name === driving ? sql<number>`${sql.ref(name)}` : unindexed(name));
  let query = db
    .selectFrom('stamp_cards as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .select(['c.id as card_id', 'c.customer_id', 'c.customer_number', 'cu.display_name', 'c.visits', 'c.stamps', 'c.rewards_given', 'c.created_at', 'c.last_stamp_at'])
    .where('c.vendor_id', '=', q.vendorId)
    // A card without a stamp is a scan that was refused: not a visit, not a customer yet.
    .where(card('c.last_stamp_at'), 'is not', null)
    .where('cu.deleted_at', 'is', null);
  if (gate) query = query.where(card(`c.${gate.column}`), gate.op, q.windowStart);
  if (q.filter === 'regulars') {
    const n = Math.min(q.regularMinVisits, RECENT_VISITS_KEPT);
    // The exact test, on the card: its n-th latest visit (not voided) is in the window (for n ≥ 2 the
    // gate itself). The lifetime count as before: it cannot be below the visits in the window.
    if (n === 1) query = query.where(card('c.recent_visit_1'), '>=', q.windowStart);
    query = query.where(card('c.visits'), '>=', q.regularMinVisits);
    if (q.regularMinVisits > RECENT_VISITS_KEPT) {
      // More visits than a card keeps: count this card's visits (store days) in the window (rare cards:
      // they have RECENT_VISITS_KEPT in it already), along stamp_events (card_id, created_at).
      const visitDay = storeDaySql(sql.ref('e.created_at'), q.storeOffsets ?? UTC_DAYS);
      query = query.where(
        (eb: CardsAndCustomers) =>
          eb(
            eb.selectFrom('stamp_events as e').select(sql<number>`COUNT(DISTINCT ${visitDay})`.as('n')).whereRef('e.card_id', '=', 'c.id').where('e.created_at', '>=', q.windowStart).where('e.voided_at', 'is', null).where('e.bonus_campaign_id', 'is', null),
            '>=',
            q.regularMinVisits,
          ),
      );
    }
  }
  const sortKey = card(column);
  // Always true (sort values are counts and times, never below zero), but a range on the walk's index:
  // without it SQLite reads a first page off any (vendor_id, …) index and sorts the whole store (IS NOT
  // NULL on a NOT NULL column is dropped before planning, so it would not do). The smallest 32-bit
  // integer, so PostgreSQL compares it with an integer column too.
  if (driving === column && !q.after) query = query.where(sql.ref(column), '>=', -2_147_483_648);
  if (q.after) {
    const { value, id } = q.after;
    // A row-value comparison, (column, id) < (value, id): both databases seek the index to it, where the
    // equivalent OR of two conditions made SQLite walk the index from its start (measured: 300 ms at row 50,000).
    query = query.where((eb) => eb(eb.tuple(sortKey, eb.ref('c.id')), forward, eb.tuple(value, id)));
  }
  const rows = await query.orderBy(sortKey, q.order).orderBy('c.id', q.order).limit(q.limit).execute();
  // bigint columns arrive as numbers from both drivers (db/index.ts); counts are coerced for safety.
  return rows.map((r) => ({
    ...r,
    customer_number: r.customer_number === null ? null : Number(r.customer_number),
    visits: Number(r.visits),
    stamps: Number(r.stamps),
    rewards_given: Number(r.rewards_given),
    created_at: Number(r.created_at),
    last_stamp_at: Number(r.last_stamp_at),
  }));
}

export function sortValue(row: CustomerListRow, sort: CustomerListSort): number {
  switch (sort) {
    case 'lastVisit': return row.last_stamp_at;
    case 'firstVisit': return row.created_at;
    case 'visits': return row.visits;
    case 'stamps': return row.stamps;
    case 'rewardsGiven': return row.rewards_given;
  }
}
