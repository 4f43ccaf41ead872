// Short-lived tickets for the live activity feed. EventSource cannot send an Authorization header, so the
// vendor trades the bearer token for a ticket (POST …/stream-ticket) and puts it in the stream's URL.
// A ticket names one vendor, the session it was issued to and an expiry 60 s ahead, signed with a key of its
// own purpose:
//   ticket = base64url(JSON {v, e, s}) '.' base64url(HMAC-SHA256(deriveKey(secret, 'activity-stream'), payload))
// It opens a stream only before it expires. The session travels with it so that an open stream can be closed
// once that session ends (Logout, a password change or reset): see routes/activity.ts.
import crypto from 'node:crypto';
import { deriveKey } from './secret';
import type { SessionClaims } from './session-tokens';
import { STREAM_TICKET_MAX_LENGTH } from '../../src/api/contract/limits';

export const STREAM_TICKET_TTL_MS = 60 * 1000;
/** Longest ticket the stream URL accepts (a real one is about 120 characters). */
export { STREAM_TICKET_MAX_LENGTH };

export type TicketCheck = { ok: true; vendorId: string; session: SessionClaims } | { ok: false; reason: 'malformed' | 'expired' };

export interface StreamTickets {
  /** A ticket for the feed of `session.sub`, tied to that session. */
  issue(session: SessionClaims): { ticket: string; expiresAt: number };
  /** `malformed` covers forged, tampered and truncated tickets alike. */
  verify(ticket: string): TicketCheck;
}

export function createStreamTickets(secret: string, now: () => number): StreamTickets {
  const key = deriveKey(secret, 'activity-stream');
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest();

  return {
    issue(session) {
      const expiresAt = now() + STREAM_TICKET_TTL_MS;
      const payload = Buffer.from(JSON.stringify({ v: session.sub, e: expiresAt, s: session })).toString('base64url');
      return { ticket: `${payload}.${sign(payload).toString('base64url')}`, expiresAt };
    },
    verify(ticket) {
      if (ticket.length > STREAM_TICKET_MAX_LENGTH) return { ok: false, reason: 'malformed' };
      const [payload, mac, ...rest] = ticket.split('.');
      if (!payload || !mac || rest.length > 0) return { ok: false, reason: 'malformed' };
      const expected = sign(payload);
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'malformed' };
      let claims: { v?: unknown; e?: unknown; s?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { v?: unknown; e?: unknown; s?: unknown };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (typeof claims.v !== 'string' || typeof claims.e !== 'number' || !isSessionClaims(claims.s) || claims.s.sub !== claims.v) {
        return { ok: false, reason: 'malformed' };
      }
      if (claims.e <= now()) return { ok: false, reason: 'expired' };
      // Tickets issued before teams name no person: the owner's.
      const session = { ...claims.s, pid: typeof claims.s.pid === 'string' ? claims.s.pid : claims.s.sub };
      return { ok: true, vendorId: claims.v, session };
    },
  };
}

function isSessionClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return typeof claims.sub === 'string' && typeof claims.jti === 'string' && typeof claims.exp === 'number' && typeof claims.gen === 'number';
}
