// SQL for the names shown with who did what: a person of the team, or the store's owner.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/** The person's name (the owner's is the store's vendor row: the owner's person id is the vendor id). */
export async function findPersonName(db: Queryable, vendorId: string, personId: string): Promise<string | undefined> {
  const person = await db.selectFrom('people').select('name').where('id', '=', personId).where('vendor_id', '=', vendorId).executeTakeFirst();
  if (person?.name) return person.name;
  const vendor = await db.selectFrom('vendors').select(['name', 'email']).where('id', '=', vendorId).executeTakeFirst();
  return personId === vendorId ? vendor?.name || vendor?.email : undefined;
}
