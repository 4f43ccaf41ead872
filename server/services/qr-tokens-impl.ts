// Compact signed QR tokens (the CONTRACT is in qr-tokens.ts): short enough for a QR code a phone reads at a glance.
//
// Format (dot-separated, URL-safe, no padding):
//   dynamic:   d<jti: 8 random bytes, base64url>.<vendorId>.<exp: epoch seconds, base 36>.<mac>
//   printable: p<version, base 36>.<vendorId>.<mac>
// The part that changes comes first, so the page's 12-character token preview changes with every rotation.
// mac = HMAC-SHA256(deriveKey(secret, 'qr'), 'stampwise-qr.' + everything before the mac), first 16 bytes,
// base64url. A JWT with the same claims is about twice as long, which costs several QR versions.
// The key is derived for the 'qr' purpose only, so a session token (or anything signed with another key)
// never verifies here.
import crypto from 'node:crypto';
import { deriveKey } from './secret';
import type { QrTokens, VerifiedQrToken } from './qr-tokens';

/** A dynamic token stays valid this long: the 60 s rotation plus 30 s grace for a customer mid-scan. */
export const DYNAMIC_QR_TTL_SECONDS = 90;

/** Vendor ids go into the token verbatim, so they must be URL-safe and not contain the separator. */
const VENDOR_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const BASE36_PATTERN = /^[0-9a-z]{1,11}$/;
const JTI_PATTERN = /^[A-Za-z0-9_-]{11}$/;
const MAC_BYTES = 16;
const MAC_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const MAC_DOMAIN = 'stampwise-qr.';
/** Anything longer than the longest well-formed token is rejected before any parsing. */
const MAX_TOKEN_LENGTH = 160;

export function createQrTokens(secret: string, now: () => number = Date.now): QrTokens {
  const key = deriveKey(secret, 'qr');
  const mac = (body: string): Buffer => crypto.createHmac('sha256', key).update(MAC_DOMAIN + body).digest().subarray(0, MAC_BYTES);
  const seal = (body: string): string => `${body}.${mac(body).toString('base64url')}`;

  function assertVendorId(vendorId: string): void {
    if (!VENDOR_ID_PATTERN.test(vendorId)) throw new Error(`vendor id cannot be put in a QR token: ${JSON.stringify(vendorId)}`);
  }

  /** The verified fields of a token whose mac is authentic, or null for anything else. */
  function open(token: string): string[] | null {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split('.');
    const sent = parts.pop();
    if (sent === undefined || !MAC_PATTERN.test(sent)) return null;
    const expected = mac(parts.join('.'));
    const received = Buffer.from(sent, 'base64url');
    // Only the canonical encoding counts: base64url's last character carries spare bits, and a token
    // altered there would otherwise decode to the same mac (one printed code, many accepted spellings).
    if (received.toString('base64url') !== sent) return null;
    // Constant-time comparison: no timing hint about how much of a forged mac was right.
    if (received.length !== MAC_BYTES || !crypto.timingSafeEqual(received, expected)) return null;
    return parts;
  }

  return {
    issueDynamic(vendorId) {
      assertVendorId(vendorId);
      const exp = Math.floor(now() / 1000) + DYNAMIC_QR_TTL_SECONDS;
      const jti = crypto.randomBytes(8).toString('base64url');
      return { token: seal(`d${jti}.${vendorId}.${exp.toString(36)}`), expiresAt: exp * 1000 };
    },

    issuePrintable(vendorId, version) {
      assertVendorId(vendorId);
      if (!Number.isSafeInteger(version) || version < 1) throw new Error(`printable QR version must be a positive integer, got ${version}`);
      return seal(`p${version.toString(36)}.${vendorId}`);
    },

    verify(token) {
      const parts = open(token);
      if (!parts) return { ok: false, reason: 'malformed' };
      const parsed = parse(parts);
      if (!parsed) return { ok: false, reason: 'malformed' };
      if (parsed.expiresAtMs !== undefined && parsed.expiresAtMs <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, token: parsed.token };
    },
  };
}

/** Reads the fields of an authentic token; null when the layout is not one we issue. */
function parse(parts: string[]): { token: VerifiedQrToken; expiresAtMs?: number } | null {
  const [head, vendorId] = parts;
  if (head === undefined || vendorId === undefined || !VENDOR_ID_PATTERN.test(vendorId)) return null;
  const kindCode = head[0];
  const headValue = head.slice(1);
  if (kindCode === 'd' && parts.length === 3) {
    const expText = parts[2];
    if (!JTI_PATTERN.test(headValue) || !BASE36_PATTERN.test(expText)) return null;
    return { token: { vendorId, kind: 'dynamic', tokenId: headValue }, expiresAtMs: parseInt(expText, 36) * 1000 };
  }
  if (kindCode === 'p' && parts.length === 2) {
    if (!BASE36_PATTERN.test(headValue)) return null;
    const version = parseInt(headValue, 36);
    if (!Number.isSafeInteger(version) || version < 1) return null;
    return { token: { vendorId, kind: 'printable', tokenId: `${vendorId}:v${version}`, version } };
  }
  return null;
}
