// SQL for revocable vendor sessions: the vendor's session generation and the sessions ended by Logout.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface SessionStanding {
  /** The vendor's current session generation. */
  generation: number;
  /** True when this session's jti was ended by Logout. */
  revoked: boolean;
  /** The store's version (repositories/store-version.ts), read in the same statement for GET /api/vendor/:id's cache. */
  storeVersion: number;
}

/**
 * One indexed lookup per request: the vendor row by primary key, joined to the revoked-session row
 * by primary key. undefined when the vendor no longer exists.
 */
export async function findSessionStanding(db: Queryable, vendorId: string, jti: string): Promise<SessionStanding | undefined> {
  const [row] = await sessionStandingQuery(db, jti, vendorId);
  if (!row) return undefined;
  return { generation: Number(row.generation), revoked: row.revokedJti !== null, storeVersion: Number(row.storeVersion) };
}

// Built once per database handle (every vendor request runs it).
const sessionStandingQuery = reusableQuery<[jti: string, vendorId: string], { generation: number; revokedJti: string | null; storeVersion: number }>(2, (db, jti, vendorId) =>
  db
    .selectFrom('vendors')
    .leftJoin('revoked_sessions', (join) => join.on('revoked_sessions.jti', '=', jti))
    .select(['vendors.session_generation as generation', 'revoked_sessions.jti as revokedJti', 'vendors.updated_at as storeVersion'])
    .where('vendors.id', '=', vendorId),
);

export async function findSessionGeneration(db: Queryable, vendorId: string): Promise<number | undefined> {
  const row = await db.selectFrom('vendors').select('session_generation').where('id', '=', vendorId).executeTakeFirst();
  return row ? Number(row.session_generation) : undefined;
}

/** Ends every session of the vendor issued so far; answers the new generation. */
export async function bumpSessionGeneration(db: Queryable, vendorId: string): Promise<number> {
  const row = await db
    .updateTable('vendors')
    .set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
    .where('id', '=', vendorId)
    .returning('session_generation')
    .executeTakeFirstOrThrow();
  return Number(row.session_generation);
}

export async function insertRevokedSession(db: Queryable, session: { jti: string; vendorId: string; expiresAt: number }): Promise<void> {
  await db
    .insertInto('revoked_sessions')
    .values({ jti: session.jti, vendor_id: session.vendorId, expires_at: session.expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Rows of tokens that have expired anyway: no longer needed to refuse them. */
export async function deleteExpiredRevokedSessions(db: Queryable, now: number): Promise<void> {
  await db.deleteFrom('revoked_sessions').where('expires_at', '<=', now).execute();
}
