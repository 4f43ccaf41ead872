// SQL for the vendor's printable (flyer) QR version: bumping it retires every flyer printed before.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { nextStoreVersion } from './store-version';

type Queryable = Kysely<Database> | Transaction<Database>;

/** The vendor's current printable QR version, or undefined when the vendor does not exist. */
export async function findPrintableVersion(db: Queryable, vendorId: string): Promise<number | undefined> {
  const row = await db.selectFrom('vendors').select('printable_qr_version').where('id', '=', vendorId).executeTakeFirst();
  return row?.printable_qr_version;
}

/** Increments the version atomically (two renewals at once both count) and answers the new one. */
export async function bumpPrintableVersion(db: Queryable, vendorId: string, now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('vendors')
    .set((eb) => ({ printable_qr_version: eb('printable_qr_version', '+', 1), updated_at: nextStoreVersion(now) }))
    .where('id', '=', vendorId)
    .returning('printable_qr_version')
    .executeTakeFirst();
  return row?.printable_qr_version;
}
