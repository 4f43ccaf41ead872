// SQL for the store profile a vendor edits in Store Settings (company, address, hours, website, images, currency, time zone).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';
import { nextStoreVersion } from './store-version';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface VendorProfileRow {
  company: string;
  address: string;
  open_hours: string;
  website: string | null;
  logo_image_id: string | null;
  banner_image_id: string | null;
  currency: string;
  /** IANA name; null until the store's settings are first saved (UTC meanwhile). */
  time_zone: string | null;
  /** Who last saved the store's settings (the name shown); null until someone of the team did. */
  settings_updated_by: string | null;
}

export async function findVendorProfile(db: Queryable, vendorId: string): Promise<VendorProfileRow | undefined> {
  const [row] = await vendorProfileQuery(db, vendorId);
  return row;
}

// Built once per database handle (GET /api/vendor/:id).
const vendorProfileQuery = reusableQuery<[vendorId: string], VendorProfileRow>(1, (db, vendorId) =>
  db.selectFrom('vendors').select(['company', 'address', 'open_hours', 'website', 'logo_image_id', 'banner_image_id', 'currency', 'time_zone', 'settings_updated_by']).where('id', '=', vendorId),
);

/** The store's currency (ISO 4217), or undefined when there is no such store. */
export async function findStoreCurrency(db: Queryable, vendorId: string): Promise<string | undefined> {
  const row = await db.selectFrom('vendors').select('currency').where('id', '=', vendorId).executeTakeFirst();
  return row?.currency;
}

/** Updates the given columns; false when the vendor does not exist. */
export async function updateVendorProfile(
  db: Queryable,
  vendorId: string,
  update: Partial<VendorProfileRow>,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('vendors')
    .set({ ...update, updated_at: nextStoreVersion(now) })
    .where('id', '=', vendorId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
