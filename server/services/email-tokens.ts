// Verification links: a random 32-byte token goes into the e-mail; the database keeps only its SHA-256.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AppDeps } from '../deps';
import { deleteEmailToken, findEmailToken, insertEmailToken, type EmailTokenPurpose } from '../repositories/email-tokens';

type Queryable = Kysely<Database> | Transaction<Database>;

export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** How long each kind of link works: a password-reset link is worth more to a thief, so it lives 1 hour. */
export const EMAIL_TOKEN_TTLS_MS: Record<EmailTokenPurpose, number> = { verify: EMAIL_TOKEN_TTL_MS, reset: 60 * 60 * 1000 };

/** The stored form of a token: SHA-256, hex. A leaked table cannot be turned back into links. */
export function hashEmailToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Creates and stores a new token for the vendor; returns the token itself (for the e-mail only).
 * `db`: the caller's transaction, when the token is part of one.
 */
export async function issueEmailToken(deps: Pick<AppDeps, 'db'>, vendorId: string, purpose: EmailTokenPurpose, now: number, db: Queryable = deps.db.kysely): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await insertEmailToken(db, { tokenHash: hashEmailToken(token), vendorId, purpose, expiresAt: now + EMAIL_TOKEN_TTLS_MS[purpose] }, now);
  return token;
}

/** What undoes a token whose mail did not go out (a mail message's `onUndelivered`). */
export function withdrawEmailToken(deps: Pick<AppDeps, 'db'>, token: string): () => Promise<void> {
  return () => deleteEmailToken(deps.db.kysely, hashEmailToken(token));
}

export type EmailTokenState =
  | { state: 'unknown' }
  | { state: 'used'; vendorId: string }
  | { state: 'expired'; vendorId: string }
  | { state: 'valid'; vendorId: string; tokenHash: string };

/** What a token from a link is now. Looked up by its hash, so no token text is ever compared. */
export async function inspectEmailToken(deps: Pick<AppDeps, 'db'>, token: string, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenState> {
  const row = await findEmailToken(deps.db.kysely, hashEmailToken(token), purpose);
  if (!row) return { state: 'unknown' };
  if (row.usedAt !== null) return { state: 'used', vendorId: row.vendorId };
  if (row.expiresAt <= now) return { state: 'expired', vendorId: row.vendorId };
  return { state: 'valid', vendorId: row.vendorId, tokenHash: row.tokenHash };
}

/** Equality that takes the same time wherever the strings differ. */
export function timingSafeEqualStrings(a: string, b: string): boolean {
  // Hashing first gives equal-length inputs, as crypto.timingSafeEqual requires.
  const digest = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}
