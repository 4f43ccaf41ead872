// Revocable vendor sessions. A token is current while its vendor exists, its generation is the
// vendor's current one (a password change or reset moves it on) and Logout has not ended its jti.
// All of it lives in the database, so every server sharing it refuses a revoked token at once.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AppDeps } from '../deps';
import {
  bumpSessionGeneration,
  deleteExpiredRevokedSessions,
  findSessionGeneration,
  findSessionStanding,
  insertRevokedSession,
} from '../repositories/sessions';
import { recordSessionSeen } from '../repositories/open-sessions';
import type { SessionClaims } from '../infra/session-tokens';
import type { SessionEndReason } from '../../src/api/contract/common';
import type { Role } from '../../src/api/contract/team';

function isRole(value: string): value is Role {
  return value === 'owner' || value === 'manager' || value === 'staff';
}

type Queryable = Kysely<Database> | Transaction<Database>;

/** Why a session that was issued is no longer current (told to the owner on the sign-in screen). */
export type SessionEnd = Exclude<SessionEndReason, 'expired'>;

export type SessionCheck = { current: true; storeVersion: number; role: Role; lastSeenAt: number | null } | { current: false; reason: SessionEnd };

/**
 * The session check of every vendor request: the store's version when the session is current, read in the
 * same statement (GET /api/vendor/:id answers from its cache while it holds); otherwise why it ended.
 */
export async function checkSession(deps: Pick<AppDeps, 'db'>, claims: SessionClaims): Promise<SessionCheck> {
  const standing = await findSessionStanding(deps.db.kysely, claims.sub, claims.jti, claims.pid);
  if (standing === undefined) return { current: false, reason: 'account-closed' };
  if (standing.revoked) return { current: false, reason: 'signed-out' };
  // The owner's person id is the vendor id: their sessions follow the vendor row.
  if (claims.pid === claims.sub) {
    if (standing.generation !== claims.gen) return { current: false, reason: 'password-changed' };
    return { current: true, storeVersion: standing.storeVersion, role: 'owner', lastSeenAt: standing.lastSeenAt };
  }
  // A team member removed from the store: their sessions end with them.
  if (standing.person === null || !isRole(standing.person.role)) return { current: false, reason: 'account-closed' };
  // A role change or a password change moves the person's generation on.
  if (standing.person.generation !== claims.gen) return { current: false, reason: 'signed-out' };
  return { current: true, storeVersion: standing.storeVersion, role: standing.person.role, lastSeenAt: standing.lastSeenAt };
}

/** A new session token for the vendor, in their current generation (`db`: the caller's transaction, if any). */
export async function startSession(deps: Pick<AppDeps, 'db' | 'sessions'>, vendorId: string, db: Queryable = deps.db.kysely): Promise<string> {
  const generation = await findSessionGeneration(db, vendorId);
  return deps.sessions.issue(vendorId, generation ?? 0);
}

/**
 * Tells every server that sessions (or counter screens) of the store were just revoked, so the live feeds they
 * opened close now rather than at their next periodic check. Called after the revocation has committed: a feed
 * that hears it reads the session's standing from the database.
 */
export function announceSessionsEnded(deps: Pick<AppDeps, 'activityBus'>, vendorId: string): void {
  deps.activityBus.publish({ type: 'sessions-ended', vendorId, id: crypto.randomUUID() });
}

/** Logout: this session ends now; the vendor's other sessions go on. */
export async function endSession(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>, claims: SessionClaims): Promise<void> {
  const now = deps.now();
  await insertRevokedSession(deps.db.kysely, { jti: claims.jti, vendorId: claims.sub, expiresAt: claims.exp * 1000 });
  announceSessionsEnded(deps, claims.sub);
  // Housekeeping on the (rare) logout path rather than a timer: rows of expired tokens are dead weight.
  await deleteExpiredRevokedSessions(deps.db.kysely, now);
}

/**
 * A password change or reset: every session of the vendor issued so far ends. Answers the new generation.
 * `db`: the caller's transaction, when the change is part of one.
 */
export function endAllSessions(deps: Pick<AppDeps, 'db'>, vendorId: string, db: Queryable = deps.db.kysely): Promise<number> {
  return bumpSessionGeneration(db, vendorId);
}

/** A session's "last seen" in Account Settings moves on at most once a minute: one write, not one per request. */
export const SESSION_SEEN_RESOLUTION_MS = 60_000;
const MAX_USER_AGENT_LENGTH = 300;

/**
 * Records a current session as used now, so the person can see it in their list of sessions; skipped while the
 * last record is under a minute old.
 */
export async function noteSessionSeen(deps: Pick<AppDeps, 'db' | 'now'>, claims: SessionClaims, lastSeenAt: number | null, userAgent: string | undefined): Promise<void> {
  const now = deps.now();
  if (lastSeenAt !== null && now - lastSeenAt < SESSION_SEEN_RESOLUTION_MS) return;
  await recordSessionSeen(
    deps.db.kysely,
    { jti: claims.jti, vendorId: claims.sub, personId: claims.pid, generation: claims.gen, userAgent: (userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH), expiresAt: claims.exp * 1000 },
    now,
  );
}
