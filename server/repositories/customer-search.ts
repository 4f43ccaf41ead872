// SQL for the top bar's search: a store's customers whose name or e-mail contains the words typed, or
// whose number at the store is the one typed ("#27", "Customer 27").
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface CustomerSearchRow {
  customer_id: string;
  customer_number: number | null;
  display_name: string | null;
  email: string | null;
  visits: number;
  stamps: number;
  last_stamp_at: number | null;
}

export interface CustomerSearch {
  vendorId: string;
  /** Lower-cased text to find inside the name or the e-mail. */
  text: string;
  /** The customer number typed, if the text reads as one. */
  number: number | null;
  limit: number;
}

/** `%`, `_` and the escape character itself match literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchStoreCustomers(db: Queryable, search: CustomerSearch): Promise<CustomerSearchRow[]> {
  const pattern = containsPattern(search.text);
  return db
    .selectFrom('stamp_cards as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .select(['c.customer_id', 'c.customer_number', 'cu.display_name', 'cu.email', 'c.visits', 'c.stamps', 'c.last_stamp_at'])
    .where('c.vendor_id', '=', search.vendorId)
    // A card without a stamp is a refused scan: not a customer of the store yet.
    .where('c.last_stamp_at', 'is not', null)
    .where('cu.deleted_at', 'is', null)
    .where((eb) => {
      const matches = [
        eb(sql`lower(${sql.ref('cu.display_name')})`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(${sql.ref('cu.email')})`, 'like', sql`${pattern} escape '\\'`),
      ];
      if (search.number !== null) matches.push(eb('c.customer_number', '=', search.number));
      return eb.or(matches);
    })
    .orderBy('c.last_stamp_at', 'desc')
    .orderBy('c.id')
    .limit(search.limit)
    .execute();
}
