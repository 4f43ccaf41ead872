// SQL for e-mail tokens (verification and password-reset links). Only the SHA-256 of a token is ever stored.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export type EmailTokenPurpose = 'verify' | 'reset';

export interface EmailTokenRow {
  tokenHash: string;
  vendorId: string;
  purpose: EmailTokenPurpose;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export async function insertEmailToken(
  db: Queryable,
  token: { tokenHash: string; vendorId: string; purpose: EmailTokenPurpose; expiresAt: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({ token_hash: token.tokenHash, vendor_id: token.vendorId, purpose: token.purpose, expires_at: token.expiresAt, used_at: null, created_at: now })
    .execute();
}

export async function findEmailToken(db: Queryable, tokenHash: string, purpose: EmailTokenPurpose): Promise<EmailTokenRow | undefined> {
  const row = await db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenHash: row.token_hash,
    vendorId: row.vendor_id,
    purpose,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    createdAt: row.created_at,
  };
}

/** When the vendor's newest token of this purpose was made (epoch ms), or undefined. */
export async function newestEmailTokenCreatedAt(db: Queryable, vendorId: string, purpose: EmailTokenPurpose): Promise<number | undefined> {
  const row = await db
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.max('created_at').as('newest'))
    .where('vendor_id', '=', vendorId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row?.newest == null ? undefined : Number(row.newest);
}

/** How many tokens of this purpose the vendor was sent since `since` (epoch ms): a mail throttle. */
export async function countEmailTokensSince(db: Queryable, vendorId: string, purpose: EmailTokenPurpose, since: number): Promise<number> {
  const row = await db
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.countAll().as('sent'))
    .where('vendor_id', '=', vendorId)
    .where('purpose', '=', purpose)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.sent ?? 0);
}

/**
 * Marks the token used if — at this very moment — it is unused, unexpired and the vendor's.
 * One conditional UPDATE, so of two simultaneous requests exactly one gets `true`.
 */
export async function consumeEmailToken(
  db: Queryable,
  token: { tokenHash: string; vendorId: string; purpose: EmailTokenPurpose },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', token.tokenHash)
    .where('vendor_id', '=', token.vendorId)
    .where('purpose', '=', token.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every still-unused token of the vendor used (older links die once one has been used). */
export async function consumeAllEmailTokens(db: Queryable, vendorId: string, purpose: EmailTokenPurpose, now: number): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('vendor_id', '=', vendorId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Removes a token whose mail never went out: nobody holds its link, and it must not count as a mail sent. */
export async function deleteEmailToken(db: Queryable, tokenHash: string): Promise<void> {
  await db.deleteFrom('email_tokens').where('token_hash', '=', tokenHash).where('used_at', 'is', null).execute();
}
