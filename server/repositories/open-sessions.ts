// SQL for the sessions a person has open: recorded as the server sees them, listed in Account Settings.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface OpenSessionRow {
  jti: string;
  userAgent: string;
  signedInAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export interface SeenSession {
  jti: string;
  vendorId: string;
  personId: string;
  generation: number;
  userAgent: string;
  expiresAt: number;
}

/** Records that the session was used now: a first sighting inserts the row, a later one moves last_seen_at on. */
export async function recordSessionSeen(db: Queryable, session: SeenSession, now: number): Promise<void> {
  await db
    .insertInto('open_sessions')
    .values({
      jti: session.jti,
      vendor_id: session.vendorId,
      person_id: session.personId,
      generation: session.generation,
      user_agent: session.userAgent,
      signed_in_at: now,
      last_seen_at: now,
      expires_at: session.expiresAt,
    })
    .onConflict((oc) => oc.column('jti').doUpdateSet({ last_seen_at: now }))
    .execute();
}

/** The person's sessions still open: of their current generation, not ended by Logout, not expired; latest used first. */
export async function listOpenSessions(db: Queryable, vendorId: string, personId: string, generation: number, now: number): Promise<OpenSessionRow[]> {
  const rows = await db
    .selectFrom('open_sessions')
    .leftJoin('revoked_sessions', 'revoked_sessions.jti', 'open_sessions.jti')
    .select(['open_sessions.jti', 'open_sessions.user_agent', 'open_sessions.signed_in_at', 'open_sessions.last_seen_at', 'open_sessions.expires_at'])
    .where('open_sessions.vendor_id', '=', vendorId)
    .where('open_sessions.person_id', '=', personId)
    .where('open_sessions.generation', '=', generation)
    .where('open_sessions.expires_at', '>', now)
    .where('revoked_sessions.jti', 'is', null)
    .orderBy('open_sessions.last_seen_at', 'desc')
    .orderBy('open_sessions.jti')
    .execute();
  return rows.map((row) => ({
    jti: row.jti,
    userAgent: row.user_agent,
    signedInAt: Number(row.signed_in_at),
    lastSeenAt: Number(row.last_seen_at),
    expiresAt: Number(row.expires_at),
  }));
}

/** One of the person's sessions by its id; undefined when it is not theirs. */
export async function findOpenSession(db: Queryable, vendorId: string, personId: string, jti: string): Promise<OpenSessionRow | undefined> {
  const row = await db
    .selectFrom('open_sessions')
    .select(['jti', 'user_agent', 'signed_in_at', 'last_seen_at', 'expires_at'])
    .where('jti', '=', jti)
    .where('vendor_id', '=', vendorId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return row
    ? { jti: row.jti, userAgent: row.user_agent, signedInAt: Number(row.signed_in_at), lastSeenAt: Number(row.last_seen_at), expiresAt: Number(row.expires_at) }
    : undefined;
}

export async function deleteOpenSession(db: Queryable, jti: string): Promise<void> {
  await db.deleteFrom('open_sessions').where('jti', '=', jti).execute();
}

/** Rows of sessions that expired or belong to an older generation of the person: nothing left to list. */
export async function deleteEndedOpenSessions(db: Queryable, vendorId: string, personId: string, generation: number, now: number): Promise<void> {
  await db
    .deleteFrom('open_sessions')
    .where('vendor_id', '=', vendorId)
    .where('person_id', '=', personId)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('generation', '!=', generation)]))
    .execute();
}
