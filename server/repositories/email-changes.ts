// SQL for a person's change of e-mail address: the request waiting for the link mailed to the new address,
// and the address written on the account (the owner's is the vendor row's, a member's their people row's).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { nextStoreVersion } from './store-version';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface EmailChangeRow {
  tokenHash: string;
  vendorId: string;
  personId: string;
  email: string;
  emailNormalized: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export async function insertEmailChange(db: Queryable, change: Omit<EmailChangeRow, 'usedAt'>): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      token_hash: change.tokenHash,
      vendor_id: change.vendorId,
      person_id: change.personId,
      email: change.email,
      email_normalized: change.emailNormalized,
      created_at: change.createdAt,
      expires_at: change.expiresAt,
    })
    .execute();
}

/** An earlier request's link stops working when the person asks again: only the newest link confirms. */
export async function withdrawEmailChanges(db: Queryable, personId: string, now: number): Promise<void> {
  await db.updateTable('email_changes').set({ used_at: now }).where('person_id', '=', personId).where('used_at', 'is', null).execute();
}

export async function findEmailChange(db: Queryable, tokenHash: string): Promise<EmailChangeRow | undefined> {
  const row = await db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenHash: row.token_hash,
    vendorId: row.vendor_id,
    personId: row.person_id,
    email: row.email,
    emailNormalized: row.email_normalized,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
  };
}

/** Marks the link used; false when another request used it first (a replay, or two clicks racing). */
export async function useEmailChange(db: Queryable, tokenHash: string, now: number): Promise<boolean> {
  const result = await db.updateTable('email_changes').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many e-mail changes the person asked for since `since`: each one sends a mail. */
export async function countEmailChangesSince(db: Queryable, personId: string, since: number): Promise<number> {
  const row = await db.selectFrom('email_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('person_id', '=', personId).where('created_at', '>=', since).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Writes the new address on the account; the owner's lives on the vendor row. */
export async function setPersonEmail(db: Queryable, vendorId: string, personId: string, email: string, emailNormalized: string, now: number): Promise<void> {
  if (personId === vendorId) {
    await db.updateTable('vendors').set({ email, email_normalized: emailNormalized, updated_at: nextStoreVersion(now) }).where('id', '=', vendorId).execute();
  } else {
    await db.updateTable('people').set({ email, email_normalized: emailNormalized }).where('id', '=', personId).where('vendor_id', '=', vendorId).execute();
  }
}

/** Writes the person's name; the owner's lives on the vendor row. */
export async function setPersonName(db: Queryable, vendorId: string, personId: string, name: string, now: number): Promise<void> {
  if (personId === vendorId) {
    await db.updateTable('vendors').set({ name, updated_at: nextStoreVersion(now) }).where('id', '=', vendorId).execute();
  } else {
    await db.updateTable('people').set({ name }).where('id', '=', personId).where('vendor_id', '=', vendorId).execute();
  }
}
