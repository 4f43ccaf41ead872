// SQL for the vendor's Customers page (issue 19): one row per card of the store (one card per customer),
// read in keyset pages along one of the (vendor_id, <column>, id) indexes, so a page costs the same at the
// first customer and the 100,000th. Visits and rewards given are counters kept on the card.
import type { Kysely, Transaction } from 'kysely';
import type { CustomerListFilter, CustomerListSort, SortOrder } from '../../src/api/contract/customers';
import type { Database } from '../db/schema';

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
  /** The customer's number at this store (issue 16), null for cards made before numbering. */
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
}

export async function listCustomerRows(db: Queryable, q: ListQuery): Promise<CustomerListRow[]> {
  const column = SORT_COLUMNS[q.sort];
  const forward = q.order === 'desc' ? '<' : '>';
  let query = db
    .selectFrom('stamp_cards as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .select(['c.id as card_id', 'c.customer_id', 'c.customer_number', 'cu.display_name', 'c.visits', 'c.stamps', 'c.rewards_given', 'c.created_at', 'c.last_stamp_at'])
    .where('c.vendor_id', '=', q.vendorId)
    // A card without a stamp is a scan that was refused: not a visit, not a customer yet.
    .where('c.last_stamp_at', 'is not', null)
    .where('cu.deleted_at', 'is', null);
  if (q.filter === 'lapsed') query = query.where('c.last_stamp_at', '<', q.windowStart);
  if (q.filter === 'regulars') {
    query = query
      .where('c.last_stamp_at', '>=', q.windowStart)
      // Cheap first: a card with fewer visits in all than the threshold cannot have them in the window.
      .where('c.visits', '>=', q.regularMinVisits)
      .where(
        (eb) => eb.selectFrom('stamp_events as e').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('e.card_id', '=', 'c.id').where('e.created_at', '>=', q.windowStart),
        '>=',
        q.regularMinVisits,
      );
  }
  if (q.after) {
    const { value, id } = q.after;
    // A row-value comparison, (column, id) < (value, id): both databases seek the index to it, where the
    // equivalent OR of two conditions made SQLite walk the index from its start (measured: 300 ms at row 50,000).
    query = query.where((eb) => eb(eb.refTuple(column, 'c.id'), forward, eb.tuple(value, id)));
  }
  const rows = await query.orderBy(column, q.order).orderBy('c.id', q.order).limit(q.limit).execute();
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
