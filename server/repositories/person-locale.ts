// SQL for each person's language (people.locale): read for their mails and the app, written by the app's switch.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/** The person's saved language code, or null when they never chose one (or there is no such person). */
export async function findPersonLocale(db: Queryable, personId: string): Promise<string | null> {
  const row = await db.selectFrom('people').select('locale').where('id', '=', personId).executeTakeFirst();
  return row?.locale ?? null;
}

/** Saves the person's language; false when the store has no such person. */
export async function savePersonLocale(db: Queryable, vendorId: string, personId: string, locale: string): Promise<boolean> {
  const result = await db.updateTable('people').set({ locale }).where('id', '=', personId).where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
