// Counter codes signed by a paired counter screen with its own key, so the screen keeps showing valid
// codes while it cannot reach the server. Same length, alphabet, URL and 90 s lifetime as the server's
// counter codes (qr-tokens-impl.ts); the browser's twin is src/features/qr/device/deviceCodes.ts.
//
// Bits, most significant first (51 base32 characters, 255 bits):
//   kind      1   always 1 (the flyer's kind bit; a flyer's next 6 bits after its version are always 0)
//   expiry   30   seconds since 2025-01-01T00:00Z
//   key id    6   the device's key number, 1–63 (never 0: that is what tells this layout from a flyer's)
//   count     7   stamps the scan gives minus 1
//   vendor  122   the store's vendor id, a version-4 UUID without its fixed bits
//   mac      89   HMAC-SHA256(device key, 'stampwise-qr4.' + the first 166 bits as 21 bytes), first 89 bits
// The device key is HMAC-SHA256(deriveKey(secret, 'counter-device-key'), device id): the server derives it
// again from the device row at scan time, so revoking the device refuses its codes at once.
import crypto from 'node:crypto';
import { deriveKey } from './secret';
import { DYNAMIC_QR_TTL_SECONDS, EXPIRY_EPOCH_SECONDS, MAX_CODE_STAMPS, QR_TOKEN_LENGTH, fromBase32, packUuidV4, toBase32, unpackUuidV4 } from './qr-tokens-impl';

const TOKEN_PATTERN = new RegExp(`^[A-Z2-7]{${QR_TOKEN_LENGTH}}$`);
const FIELD_BITS = 30n;
const KEY_BITS = 6n;
const COUNT_BITS = 7n;
const VENDOR_BITS = 122n;
const MAC_BITS = 89n;
const BODY_BYTES = 21;
const MAC_DOMAIN = 'stampwise-qr4.';
/** Key numbers a store's devices use (0 is never one). */
export const MAX_DEVICE_KEY_NUMBER = Number((1n << KEY_BITS) - 1n);
/** A device's clock may run this far ahead of the server's before its codes are refused as made-up. */
export const DEVICE_CLOCK_SLACK_SECONDS = 60;

export interface DeviceCodeFields {
  vendorId: string;
  keyNumber: number;
  count: number;
  /** Epoch ms after which the code no longer stamps. */
  expiresAt: number;
}

/** The key a device signs its codes with, derived again from its id whenever it is needed. */
export function deviceKey(secret: string, deviceId: string): Buffer {
  return crypto.createHmac('sha256', deriveKey(secret, 'counter-device-key')).update(deviceId).digest();
}

function bodyOf(fields: { vendorId: string; keyNumber: number; count: number; expirySeconds: number }): bigint {
  const expiry = BigInt(fields.expirySeconds - EXPIRY_EPOCH_SECONDS);
  return (((((((1n << FIELD_BITS) | expiry) << KEY_BITS) | BigInt(fields.keyNumber)) << COUNT_BITS) | BigInt(fields.count - 1)) << VENDOR_BITS) | packUuidV4(fields.vendorId);
}

function macOf(key: Buffer, body: bigint): bigint {
  const bytes = Buffer.from(body.toString(16).padStart(BODY_BYTES * 2, '0'), 'hex');
  const digest = crypto.createHmac('sha256', key).update(MAC_DOMAIN).update(bytes).digest();
  return BigInt(`0x${digest.subarray(0, 12).toString('hex')}`) >> (96n - MAC_BITS);
}

/** A code the device `keyNumber` of the store shows (the server signs one for a device that is online). */
export function sealDeviceCode(key: Buffer, fields: { vendorId: string; keyNumber: number; count: number; now: number }): { token: string; expiresAt: number } {
  if (!Number.isInteger(fields.keyNumber) || fields.keyNumber < 1 || fields.keyNumber > MAX_DEVICE_KEY_NUMBER) throw new Error(`a device key number is 1 to ${MAX_DEVICE_KEY_NUMBER}`);
  if (!Number.isInteger(fields.count) || fields.count < 1 || fields.count > MAX_CODE_STAMPS) throw new Error(`a counter code gives 1 to ${MAX_CODE_STAMPS} stamps`);
  const expirySeconds = Math.floor(fields.now / 1000) + DYNAMIC_QR_TTL_SECONDS;
  const body = bodyOf({ ...fields, expirySeconds });
  return { token: toBase32((body << MAC_BITS) | macOf(key, body)), expiresAt: expirySeconds * 1000 };
}

/** The fields of a token of the device layout (its signature not yet checked), or undefined for any other token. */
export function readDeviceCode(token: string): DeviceCodeFields | undefined {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return undefined;
  const value = fromBase32(token);
  if (value >> 254n !== 1n) return undefined;
  const body = value >> MAC_BITS;
  const keyNumber = Number((body >> (VENDOR_BITS + COUNT_BITS)) & ((1n << KEY_BITS) - 1n));
  if (keyNumber === 0) return undefined;
  const count = Number((body >> VENDOR_BITS) & ((1n << COUNT_BITS) - 1n)) + 1;
  const expiry = Number((body >> (VENDOR_BITS + COUNT_BITS + KEY_BITS)) & ((1n << FIELD_BITS) - 1n));
  return { vendorId: unpackUuidV4(body & ((1n << VENDOR_BITS) - 1n)), keyNumber, count, expiresAt: (EXPIRY_EPOCH_SECONDS + expiry) * 1000 };
}

/** True when the token's signature is the device key's (constant-time comparison). */
export function deviceCodeSignedBy(token: string, key: Buffer): boolean {
  const value = fromBase32(token);
  const body = value >> MAC_BITS;
  const sent = Buffer.from((value & ((1n << MAC_BITS) - 1n)).toString(16).padStart(24, '0'), 'hex');
  const expected = Buffer.from(macOf(key, body).toString(16).padStart(24, '0'), 'hex');
  return crypto.timingSafeEqual(sent, expected);
}
