// The audience of a campaign read a page at a time, in customer-id order: a plan for 10,000 customers
// is then many short queries (each its own turn among requests) instead of one long one that holds a
// database connection and a share of its CPU while stamps wait. A page is a range of the store's card
// holders (an index range), and the audience is asked within that range only, which the database
// answers from its indexes by customer. Who is in the audience is decided by audienceMembers alone;
// this file decides only how it is read.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { audienceMembers, type AudienceFrequency, type AudienceWindow } from './campaign-audience';

type Queryable = Kysely<Database> | Transaction<Database>;

/** Customers whose id is after `after` and at most `last` (in the database's text order). */
export interface CustomerIdRange {
  after: string;
  last: string;
}

/** Before every customer id: the first page starts after it. */
export const FIRST_CUSTOMER_ID = '';

/** Up to `limit` of the store's card holders whose id comes after `after`, in id order. */
export async function storeCustomerPage(db: Queryable, vendorId: string, page: { after: string; limit: number }): Promise<string[]> {
  const rows = await db
    .selectFrom('stamp_cards')
    .select('customer_id')
    .where('vendor_id', '=', vendorId)
    .where('customer_id', '>', page.after)
    .orderBy('customer_id')
    .limit(page.limit)
    .execute();
  return rows.map((row) => row.customer_id);
}

/** The customers of `range` that `frequency` selects at the store, in id order. */
export async function audienceIn(db: Queryable, vendorId: string, frequency: AudienceFrequency, window: AudienceWindow, range: CustomerIdRange): Promise<string[]> {
  const rows = await db.selectFrom(audienceMembers(db, vendorId, frequency, window, range)).select('audience.customer_id').orderBy('audience.customer_id').execute();
  return rows.map((row) => row.customer_id);
}
