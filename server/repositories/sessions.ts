// SQL for revocable vendor sessions: the vendor's session generation and the sessions ended by Logout.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface SessionStanding {
  /** The vendor's current session generation (the owner's sessions). */
  generation: number;
  /** The person's row, when the session is a team member's (not the owner's); null when they were removed. */
  person: { generation: number; role: string } | null;
  /** True when this session's jti was ended by Logout. */
  revoked: boolean;
  /** The store's version (repositories/store-version.ts), read in the same statement for GET /api/vendor/:id's cache. */
  storeVersion: number;
  /** When the server last recorded this session as used (repositories/open-sessions.ts); null before its first record. */
  lastSeenAt: number | null;
}

/**
 * One indexed lookup per request: the vendor row by primary key, joined to the revoked-session row, the
 * person's row and the open-session row by primary key. undefined when the vendor no longer exists.
 */
export async function findSessionStanding(db: Queryable, vendorId: string, jti: string, personId: string): Promise<SessionStanding | undefined> {
  const [row] = await sessionStandingQuery(db, jti, personId, vendorId);
  if (!row) return undefined;
  return {
    generation: Number(row.generation),
    person: row.personRole === null ? null : { generation: Number(row.personGeneration), role: row.personRole },
    revoked: row.revokedJti !== null,
    storeVersion: Number(row.storeVersion),
    lastSeenAt: row.lastSeenAt === null ? null : Number(row.lastSeenAt),
  };
}

interface StandingRow {
  generation: number;
  revokedJti: string | null;
  storeVersion: number;
  personRole: string | null;
  personGeneration: number | null;
  lastSeenAt: number | null;
}

// Built once per database handle (every vendor request runs it).
const sessionStandingQuery = reusableQuery<[jti: string, personId: string, vendorId: string], StandingRow>(3, (db, jti, personId, vendorId) =>
  db
    .selectFrom('vendors')
    .leftJoin('revoked_sessions', (join) => join.on('revoked_sessions.jti', '=', jti))
    .leftJoin('people', (join) => join.on('people.id', '=', personId).onRef('people.vendor_id', '=', 'vendors.id'))
    .leftJoin('open_sessions', (join) => join.on('open_sessions.jti', '=', jti))
    .select([
      'vendors.session_generation as generation',
      'revoked_sessions.jti as revokedJti',
      'vendors.updated_at as storeVersion',
      'people.role as personRole',
      'people.session_generation as personGeneration',
      'open_sessions.last_seen_at as lastSeenAt',
    ])
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
