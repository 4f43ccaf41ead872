// SQL for vendor accounts: lookup by id or e-mail, creation, the password set at verification,
// and the menu file a vendor sent with registration (kept for the menu scanner).
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewVendor, Vendor } from '../db/schema';
import { nextStoreVersion } from './store-version';

type Queryable = Kysely<Database> | Transaction<Database>;

export async function findVendorById(db: Queryable, id: string): Promise<Vendor | undefined> {
  return db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `emailNormalized` is the lower-cased address (the unique column). */
export async function findVendorByEmail(db: Queryable, emailNormalized: string): Promise<Vendor | undefined> {
  return db.selectFrom('vendors').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

/**
 * Inserts the vendor unless the e-mail is taken; true when inserted. ON CONFLICT DO NOTHING
 * (SQLite and PostgreSQL) makes two simultaneous registrations of one address safe.
 */
export async function insertVendorIfNew(db: Queryable, vendor: NewVendor): Promise<boolean> {
  const result = await db
    .insertInto('vendors')
    .values(vendor)
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .executeTakeFirst();
  const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  // The vendor who registers is the store's owner person (their e-mail and password stay on the vendor row).
  if (inserted) await db.insertInto('people').values({ id: vendor.id, vendor_id: vendor.id, role: 'owner', email: null, email_normalized: null, name: null, password_hash: null, invited_by: null, created_at: vendor.created_at }).execute();
  return inserted;
}

/** Stores the password hash and marks the e-mail verified. */
export async function setVendorPassword(db: Queryable, id: string, passwordHash: string, now: number): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ password_hash: passwordHash, verified_at: now, updated_at: nextStoreVersion(now) })
    .where('id', '=', id)
    .execute();
}

export interface PendingMenuUpload {
  id: string;
  vendorId: string;
  kind: 'png' | 'jpeg' | 'pdf';
  data: Buffer;
}

/** A menu file waiting for the scanner (status 'pending'). */
export async function insertPendingMenuUpload(db: Queryable, upload: PendingMenuUpload, now: number): Promise<void> {
  await db
    .insertInto('menu_uploads')
    .values({ id: upload.id, vendor_id: upload.vendorId, kind: upload.kind, data: upload.data, status: 'pending', created_at: now })
    .execute();
}

/** Replaces the password hash of a verified vendor (reset or change); verified_at stays as it was. */
export async function replaceVendorPassword(db: Queryable, id: string, passwordHash: string, now: number): Promise<void> {
  await db.updateTable('vendors').set({ password_hash: passwordHash, updated_at: nextStoreVersion(now) }).where('id', '=', id).execute();
}

/** Marks the e-mail verified without setting a password (the owner proved the address another way: Google sign-in). */
export async function markVendorVerified(db: Queryable, id: string, now: number): Promise<void> {
  await db.updateTable('vendors').set({ verified_at: now, updated_at: nextStoreVersion(now) }).where('id', '=', id).where('verified_at', 'is', null).execute();
}

/** The store's IANA time zone, or null when it has none (or the store does not exist). */
export async function findStoreTimeZone(db: Queryable, vendorId: string): Promise<string | null> {
  const row = await db.selectFrom('vendors').select('time_zone').where('id', '=', vendorId).executeTakeFirst();
  return row?.time_zone ?? null;
}
