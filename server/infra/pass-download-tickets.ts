// Short-lived links to download one card's Apple Wallet pass. Safari hands a .pkpass to Wallet only
// when it opens the file's URL itself, and such a request cannot carry the customer's credential
// header, so the page trades the credential for a link valid 60 s that names the card, its owner and 128
// random bits (`j`: no two links are alike):
//   ticket = base64url(JSON {c, u, e, j}) '.' base64url(HMAC-SHA256(deriveKey(secret, 'apple-pass-download'), payload))
// The link opens nothing but that pass, which itself holds no credential, and is spent by its first use
// (services/apple-pass.ts).
import crypto from 'node:crypto';
import { deriveKey } from './secret';

export const PASS_DOWNLOAD_TICKET_TTL_MS = 60 * 1000;
/** Longest ticket the download URL accepts (a real one is about 160 characters). */
export const PASS_DOWNLOAD_TICKET_MAX_LENGTH = 400;

export interface PassDownloadTicket {
  cardId: string;
  customerId: string;
}

/** A genuine, unexpired ticket: what it names, and its MAC and expiry (what it is spent by). */
export interface VerifiedPassDownloadTicket extends PassDownloadTicket {
  mac: string;
  expiresAt: number;
}

function sign(secret: string, payload: string): Buffer {
  return crypto.createHmac('sha256', deriveKey(secret, 'apple-pass-download')).update(payload).digest();
}

export function issuePassDownloadTicket(secret: string, now: number, ticket: PassDownloadTicket): string {
  const fields = { c: ticket.cardId, u: ticket.customerId, e: now + PASS_DOWNLOAD_TICKET_TTL_MS, j: crypto.randomBytes(16).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The card and owner the ticket names; undefined for a forged, altered or expired one. */
export function verifyPassDownloadTicket(secret: string, now: number, ticket: string): VerifiedPassDownloadTicket | undefined {
  if (ticket.length > PASS_DOWNLOAD_TICKET_MAX_LENGTH) return undefined;
  const [payload, mac, ...rest] = ticket.split('.');
  if (!payload || !mac || rest.length > 0) return undefined;
  const expected = sign(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  try {
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { c?: unknown; u?: unknown; e?: unknown };
    if (typeof fields.c !== 'string' || typeof fields.u !== 'string' || typeof fields.e !== 'number' || fields.e <= now) return undefined;
    return { cardId: fields.c, customerId: fields.u, mac, expiresAt: fields.e };
  } catch {
    return undefined;
  }
}
