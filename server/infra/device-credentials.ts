// A counter screen's credentials: the bearer token it pairs with (`swc.<device id>.<secret>`, only the
// secret's SHA-256 is stored) and the pairing codes an owner reads out to it (8 characters of an
// alphabet without look-alikes, stored as an HMAC under a key of their own).
import crypto from 'node:crypto';
import { deriveKey } from './secret';

export const DEVICE_TOKEN_PREFIX = 'swc.';
const DEVICE_TOKEN_PATTERN = /^swc\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;
/** No 0/O, 1/I/L: a code read off one screen and typed on another. */
export const PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;

export function isDeviceToken(token: string): boolean {
  return token.startsWith(DEVICE_TOKEN_PREFIX);
}

export function newDeviceToken(deviceId: string): { token: string; hash: string } {
  const secret = crypto.randomBytes(32).toString('base64url');
  return { token: `${DEVICE_TOKEN_PREFIX}${deviceId}.${secret}`, hash: sha256(secret) };
}

/** The device id and the secret's hash of a well-formed device token; undefined otherwise. */
export function readDeviceToken(token: string): { deviceId: string; hash: string } | undefined {
  const match = DEVICE_TOKEN_PATTERN.exec(token);
  return match ? { deviceId: match[1], hash: sha256(match[2]) } : undefined;
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export function newPairingCode(): string {
  let code = '';
  for (let index = 0; index < PAIRING_CODE_LENGTH; index += 1) code += PAIRING_ALPHABET[crypto.randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/** Upper case without spaces or dashes: "abcd-efgh" pairs as "ABCDEFGH". */
export function normalizePairingCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export function pairingCodeHash(secret: string, code: string): string {
  return crypto.createHmac('sha256', deriveKey(secret, 'counter-pairing')).update(code).digest('hex');
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}
