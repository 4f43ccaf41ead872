// Compact signed QR tokens (the CONTRACT is in qr-tokens.ts): short enough that the counter code and the
// flyer code stay at QR version 6 at level H for a PUBLIC_URL of up to 30 characters.
//
// A token is one 255-bit number written as 51 characters of RFC 4648 base32 (A–Z, 2–7). Upper-case letters
// and digits are all in the QR code's alphanumeric mode (5.5 bits a character instead of 8), and so is the
// upper-cased scan URL around it: `HTTP://HOST:PORT/S/<token>` (scheme and host are case-insensitive, and
// the app's routes match `/S/` like `/s/`). Bits, most significant first:
//   kind      1   0 = dynamic (counter), 1 = printable (flyer)
//   field    30   dynamic: expiry in seconds since 2025-01-01T00:00Z (to 2059); printable: the version
//   serial    6   dynamic: counts up per token this server issues, so two codes of one second still differ; printable: 0
//   count     7   dynamic only: stamps the scan gives minus 1 (per-item stamp mode: 1 … 128); signed with the
//                 rest, so a customer cannot raise it
//   vendor  122   the vendor id, a version-4 UUID (crypto.randomUUID), without its 6 fixed version and variant bits
//   mac      96   printable: HMAC-SHA256(deriveKey(secret, 'qr'), 'stampwise-qr2.' + the first 159 bits as 20 bytes), first 12 bytes
//            89   dynamic: HMAC-SHA256(key, 'stampwise-qr3.' + the first 166 bits as 21 bytes), first 89 bits (a code
//                 lives 90 s: 2^89 guesses are out of reach in that time, and the printed flyers keep their layout)
// 51 × 5 = 255 bits exactly, so every token has one spelling only. The key is derived for the 'qr' purpose
// only, so a session token (or anything signed with another key) never verifies here. Tokens of the
// earlier dotted format (80 characters) are not of this shape and are refused as malformed.
import crypto from 'node:crypto';
import { deriveKey } from './secret';
import type { QrTokens, VerifiedQrToken } from './qr-tokens';

/** A dynamic token stays valid this long: the 60 s rotation plus 30 s grace for a customer mid-scan. */
export const DYNAMIC_QR_TTL_SECONDS = 90;

export const QR_TOKEN_LENGTH = 51;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const TOKEN_PATTERN = /^[A-Z2-7]{51}$/;
export const UUID_V4_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Seconds: the expiry is counted from here so that 30 bits last until 2059. */
export const EXPIRY_EPOCH_SECONDS = Date.UTC(2025, 0, 1) / 1000;
const FIELD_BITS = 30n;
const FIELD_MAX = (1n << FIELD_BITS) - 1n;
const SERIAL_BITS = 6n;
const SERIAL_MAX = (1n << SERIAL_BITS) - 1n;
const VENDOR_BITS = 122n;
const MAC_BITS = 96n;
const MAC_BYTES = Number(MAC_BITS / 8n);
const BODY_BYTES = 20;
const MAC_DOMAIN = 'stampwise-qr2.';
const COUNT_BITS = 7n;
/** Stamps one counter code may give at most. */
export const MAX_CODE_STAMPS = Number(1n << COUNT_BITS);
const DYNAMIC_MAC_BITS = MAC_BITS - COUNT_BITS;
const DYNAMIC_BODY_BYTES = 21;
const DYNAMIC_MAC_DOMAIN = 'stampwise-qr3.';
/**
 * Tokens whose signature checked out, kept by their text: one flyer token is scanned by every
 * customer of a store, one counter code by the whole queue of its minute, and the signature check (an
 * HMAC and 255-bit arithmetic) was the largest part of a refused scan's own work. Only authentic tokens
 * are kept (a forgery pays the full check every time); expiry is checked on every call. Oldest out first.
 */
const VERIFIED_KEPT = 1024;

type Kind = 0n | 1n;
const DYNAMIC: Kind = 0n;
const PRINTABLE: Kind = 1n;


export function createQrTokens(secret: string, now: () => number = Date.now): QrTokens {
  const key = deriveKey(secret, 'qr');
  const mac = (body: bigint): bigint => {
    const digest = crypto.createHmac('sha256', key).update(MAC_DOMAIN).update(toBytes(body, BODY_BYTES)).digest();
    return fromBytes(digest.subarray(0, MAC_BYTES));
  };
  const dynamicMac = (body: bigint): bigint => {
    const digest = crypto.createHmac('sha256', key).update(DYNAMIC_MAC_DOMAIN).update(toBytes(body, DYNAMIC_BODY_BYTES)).digest();
    return fromBytes(digest.subarray(0, MAC_BYTES)) >> (MAC_BITS - DYNAMIC_MAC_BITS);
  };
  const seal = (kind: Kind, field: bigint, serial: bigint, vendorId: string): string => {
    const body = (((((kind << FIELD_BITS) | field) << SERIAL_BITS) | serial) << VENDOR_BITS) | packUuidV4(vendorId);
    return toBase32((body << MAC_BITS) | mac(body));
  };
  const sealDynamic = (field: bigint, serial: bigint, count: number, vendorId: string): string => {
    const body = (((((((DYNAMIC << FIELD_BITS) | field) << SERIAL_BITS) | serial) << COUNT_BITS) | BigInt(count - 1)) << VENDOR_BITS) | packUuidV4(vendorId);
    return toBase32((body << DYNAMIC_MAC_BITS) | dynamicMac(body));
  };
  // Starts anywhere, so two servers sharing a secret rarely hand out the same code in the same second.
  let nextSerial = BigInt(crypto.randomInt(64));
  const verified = new Map<string, Readonly<{ token: Readonly<VerifiedQrToken>; expiresAtMs?: number }>>();
  /** The token's fields when its signature is ours, else undefined (no expiry check here). */
  const authentic = (token: string) => {
    const known = verified.get(token);
    if (known) return known;
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const value = fromBase32(token);
    // The first bit says which layout the rest follows.
    const dynamic = value >> 254n === DYNAMIC;
    const macBits = dynamic ? DYNAMIC_MAC_BITS : MAC_BITS;
    const body = value >> macBits;
    const sent = toBytes(value & ((1n << macBits) - 1n), MAC_BYTES);
    // Constant-time comparison: no timing hint about how much of a forged mac was right.
    if (!crypto.timingSafeEqual(sent, toBytes(dynamic ? dynamicMac(body) : mac(body), MAC_BYTES))) return undefined;
    const parsed = dynamic ? parseDynamic(body, token) : parse(body);
    const kept = Object.freeze({ token: Object.freeze(parsed.token), expiresAtMs: parsed.expiresAtMs });
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, kept);
    return kept;
  };

  return {
    issueDynamic(vendorId, count = 1) {
      assertUuid(vendorId);
      if (!Number.isInteger(count) || count < 1 || count > MAX_CODE_STAMPS) throw new Error(`a counter code gives 1 to ${MAX_CODE_STAMPS} stamps, got ${count}`);
      const exp = Math.floor(now() / 1000) + DYNAMIC_QR_TTL_SECONDS;
      const serial = nextSerial;
      nextSerial = (nextSerial + 1n) & SERIAL_MAX;
      return { token: sealDynamic(BigInt(exp - EXPIRY_EPOCH_SECONDS), serial, count, vendorId), expiresAt: exp * 1000 };
    },

    issuePrintable(vendorId, version) {
      assertUuid(vendorId);
      if (!Number.isSafeInteger(version) || version < 1 || BigInt(version) > FIELD_MAX) {
        throw new Error(`printable QR version must be an integer from 1 to ${FIELD_MAX}, got ${version}`);
      }
      return seal(PRINTABLE, BigInt(version), 0n, vendorId);
    },

    verify(token) {
      const parsed = typeof token === 'string' ? authentic(token) : undefined;
      if (!parsed) return { ok: false, reason: 'malformed' };
      if (parsed.expiresAtMs !== undefined && parsed.expiresAtMs <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, token: parsed.token };
    },
  };
}

/**
 * What the QR image encodes. The origin is upper-cased (it is case-insensitive) so that the whole URL is in
 * QR alphanumeric mode; a PUBLIC_URL with a path keeps its case, and its code is then denser.
 */
export function qrScanUrl(publicUrl: string, token: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const onlyOrigin = new URL(base).pathname === '/';
  return `${onlyOrigin ? base.toUpperCase() : base}/S/${token}`;
}

/** Reads the fields of an authentic flyer token (the mac has been checked, so its layout is one we issued). */
function parse(body: bigint): { token: VerifiedQrToken; expiresAtMs?: number } {
  const vendorId = unpackUuidV4(body & ((1n << VENDOR_BITS) - 1n));
  const field = Number((body >> (VENDOR_BITS + SERIAL_BITS)) & FIELD_MAX);
  return { token: { vendorId, kind: 'printable', tokenId: `${vendorId}:v${field}`, version: field } };
}

/** Reads the fields of an authentic counter token. */
function parseDynamic(body: bigint, token: string): { token: VerifiedQrToken; expiresAtMs?: number } {
  const vendorId = unpackUuidV4(body & ((1n << VENDOR_BITS) - 1n));
  const count = Number((body >> VENDOR_BITS) & ((1n << COUNT_BITS) - 1n)) + 1;
  const field = Number((body >> (VENDOR_BITS + COUNT_BITS + SERIAL_BITS)) & FIELD_MAX);
  // The token itself names the code (vendor, second, serial and count): one scan per customer per code.
  const expiresAtMs = (EXPIRY_EPOCH_SECONDS + field) * 1000;
  return { token: { vendorId, kind: 'dynamic', tokenId: token, issuedAt: expiresAtMs - DYNAMIC_QR_TTL_SECONDS * 1000, count }, expiresAtMs };
}

function assertUuid(vendorId: string): void {
  if (!UUID_V4_PATTERN.test(vendorId)) throw new Error(`vendor id cannot be put in a QR token: ${JSON.stringify(vendorId)}`);
}

/** The 122 random bits of a version-4 UUID: bits 48–51 are always 0100 and bits 64–65 always 10. */
export function packUuidV4(uuid: string): bigint {
  const value = BigInt(`0x${uuid.replace(/-/g, '')}`);
  const high = value >> 80n; // bits 0–47
  const middle = (value >> 64n) & 0xfffn; // bits 52–63
  const low = value & ((1n << 62n) - 1n); // bits 66–127
  return (high << 74n) | (middle << 62n) | low;
}

export function unpackUuidV4(packed: bigint): string {
  const high = packed >> 74n;
  const middle = (packed >> 62n) & 0xfffn;
  const low = packed & ((1n << 62n) - 1n);
  const value = (high << 80n) | (0x4n << 76n) | (middle << 64n) | (0x2n << 62n) | low;
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function toBytes(value: bigint, length: number): Buffer {
  return Buffer.from(value.toString(16).padStart(length * 2, '0'), 'hex');
}

function fromBytes(bytes: Buffer): bigint {
  return BigInt(`0x${bytes.toString('hex')}`);
}

export function toBase32(value: bigint): string {
  let text = '';
  let rest = value;
  for (let index = 0; index < QR_TOKEN_LENGTH; index += 1) {
    text = BASE32_ALPHABET[Number(rest & 31n)] + text;
    rest >>= 5n;
  }
  return text;
}

export function fromBase32(text: string): bigint {
  let value = 0n;
  for (const character of text) value = (value << 5n) | BigInt(BASE32_ALPHABET.indexOf(character));
  return value;
}
