// The audience of a campaign read a page at a time, in customer-id order: a plan for 10,000 customers
// is then many short queries (each its own turn among requests) instead of one long one that holds a
// database connection and a share of its CPU while stamps wait. Who is in the audience is decided by
// audienceMembers alone; this file decides only how it is read.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { audienceMembers, type AudienceFrequency, type AudienceWindow } from './campaign-audience';

type Queryable = Kysely<Database> | Transaction<Database>;

/** Customers whose id is after `after` and at most `last` (text order, as the database sorts them). */
export interface CustomerIdRange {
  after: string;
  last: string;
}

/** Before every customer id: the first page starts after it. */
export const FIRST_CUSTOMER_ID = '';

/** Up to `limit` customers of the audience whose id comes after `after`, in id order. */
export async function audiencePage(db: Queryable, vendorId: string, frequency: AudienceFrequency, window: AudienceWindow, page: { after: string; limit: number }): Promise<string[]> {
  const rows = await db
    .selectFrom(audienceMembers(db, vendorId, frequency, window))
    .select('audience.customer_id')
    .where('audience.customer_id', '>', page.after)
    .orderBy('audience.customer_id')
    .limit(page.limit)
    .execute();
  return rows.map((row) => row.customer_id);
}
