// SQL for the first-day checklist: whether the flyer was printed, whether any stamp was given.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/** When the vendor first printed or exported the flyer (null: never); undefined when there is no such vendor. */
export async function findFlyerPrintedAt(db: Queryable, vendorId: string): Promise<{ flyer_printed_at: number | null } | undefined> {
  return db.selectFrom('vendors').select('flyer_printed_at').where('id', '=', vendorId).executeTakeFirst();
}

/** Sets the first print time unless one is set already (a later print keeps the first date). */
export async function setFlyerPrintedAtOnce(db: Queryable, vendorId: string, now: number): Promise<void> {
  await db.updateTable('vendors').set({ flyer_printed_at: now }).where('id', '=', vendorId).where('flyer_printed_at', 'is', null).execute();
}

/** Whether the store has given any stamp at all (one index probe). */
export async function hasAnyStamp(db: Queryable, vendorId: string): Promise<boolean> {
  return (await db.selectFrom('stamp_events').select('id').where('vendor_id', '=', vendorId).limit(1).executeTakeFirst()) !== undefined;
}
