// Short-lived tickets for the live activity feed. EventSource cannot send an Authorization header, so the
// vendor trades the bearer token for a ticket (POST …/stream-ticket) and puts it in the stream's URL.
// A ticket names one vendor, the session it was issued to, an expiry 60 s ahead and 128 random bits (`j`: no
// two tickets are alike), signed with a key of its own purpose:
//   ticket = base64url(JSON {v, e, s, j}) '.' base64url(HMAC-SHA256(deriveKey(secret, 'activity-stream'), payload))
// It opens a stream only before it expires, and only once (the route spends its MAC: services/single-use-tickets.ts). The session travels with it so that an open stream can be closed
// once that session ends (Logout, a password change or reset): see routes/activity.ts. So does the language of
// the page that asked for it (`l`): EventSource sends the browser's languages, not the one the person chose.
//   payload = {v, e, j, s | d, l?}
import crypto from 'node:crypto';
import { deriveKey } from './secret';
import type { SessionClaims } from './session-tokens';
import { STREAM_TICKET_MAX_LENGTH } from '../../src/api/contract/limits';
import { isLocale, type Locale } from '../../src/api/contract/locales';

export const STREAM_TICKET_TTL_MS = 60 * 1000;
/** Longest ticket the stream URL accepts (a real one is about 120 characters). */
export { STREAM_TICKET_MAX_LENGTH };

/** A ticket stands for a vendor session, or for a paired counter screen (`deviceId`, payload field `d`). */
/** `locale`: the language of the page the ticket was issued to (null for tickets that carry none). */
/** `mac` and `expiresAt`: what the route spends the ticket by. */
export type TicketCheck =
  | { ok: true; vendorId: string; locale: Locale | null; mac: string; expiresAt: number; session: SessionClaims; deviceId?: undefined }
  | { ok: true; vendorId: string; locale: Locale | null; mac: string; expiresAt: number; deviceId: string; session?: undefined }
  | { ok: false; reason: 'malformed' | 'expired' };

export interface StreamTickets {
  /** A ticket for the feed of `session.sub`, tied to that session. */
  issue(session: SessionClaims, locale?: Locale): { ticket: string; expiresAt: number };
  /** A ticket for the feed of the store the counter screen `deviceId` is paired to, tied to that device. */
  issueForDevice(vendorId: string, deviceId: string, locale?: Locale): { ticket: string; expiresAt: number };
  /** `malformed` covers forged, tampered and truncated tickets alike. */
  verify(ticket: string): TicketCheck;
}

export function createStreamTickets(secret: string, now: () => number): StreamTickets {
  const key = deriveKey(secret, 'activity-stream');
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest();

  const seal = (claims: { v: string; s?: SessionClaims; d?: string; l?: Locale }) => {
    const expiresAt = now() + STREAM_TICKET_TTL_MS;
    const payload = Buffer.from(JSON.stringify({ ...claims, e: expiresAt, j: crypto.randomBytes(16).toString('base64url') })).toString('base64url');
    return { ticket: `${payload}.${sign(payload).toString('base64url')}`, expiresAt };
  };
  return {
    issue(session, locale) {
      return seal({ v: session.sub, s: session, l: locale });
    },
    issueForDevice(vendorId, deviceId, locale) {
      return seal({ v: vendorId, d: deviceId, l: locale });
    },
    verify(ticket) {
      if (ticket.length > STREAM_TICKET_MAX_LENGTH) return { ok: false, reason: 'malformed' };
      const [payload, mac, ...rest] = ticket.split('.');
      if (!payload || !mac || rest.length > 0) return { ok: false, reason: 'malformed' };
      const expected = sign(payload);
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'malformed' };
      let claims: { v?: unknown; e?: unknown; s?: unknown; d?: unknown; l?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { v?: unknown; e?: unknown; s?: unknown; d?: unknown; l?: unknown };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (typeof claims.v !== 'string' || typeof claims.e !== 'number') return { ok: false, reason: 'malformed' };
      const forSession = isSessionClaims(claims.s) && claims.s.sub === claims.v;
      if (!forSession && typeof claims.d !== 'string') return { ok: false, reason: 'malformed' };
      if (claims.e <= now()) return { ok: false, reason: 'expired' };
      const locale = typeof claims.l === 'string' && isLocale(claims.l) ? claims.l : null;
      if (isSessionClaims(claims.s) && forSession) {
        // Tickets issued before teams name no person: the owner's.
        const session = { ...claims.s, pid: typeof claims.s.pid === 'string' ? claims.s.pid : claims.s.sub };
        return { ok: true, vendorId: claims.v, locale, mac, expiresAt: claims.e, session };
      }
      return { ok: true, vendorId: claims.v, locale, mac, expiresAt: claims.e, deviceId: claims.d as string };
    },
  };
}

function isSessionClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return typeof claims.sub === 'string' && typeof claims.jti === 'string' && typeof claims.exp === 'number' && typeof claims.gen === 'number';
}
