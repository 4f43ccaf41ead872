// The counter codes a paired counter screen signs itself while it cannot reach the server: the same
// 51-character code, URL and 90 s lifetime as the server's, with the screen's key id in it. The server
// checks the signature with the screen's key at scan time (its twin is server/infra/device-codes.ts).
//
// Bits, most significant first: kind 1 (always 1) | expiry 30 (seconds since 2025-01-01T00:00Z) |
// key id 6 (1–63) | count − 1 7 | vendor 122 (the UUID without its fixed bits) |
// mac 89 (HMAC-SHA256(key, 'stampwise-qr4.' + the first 166 bits as 21 bytes), first 89 bits).
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CODE_LENGTH = 51;
const EXPIRY_EPOCH_SECONDS = Date.UTC(2025, 0, 1) / 1000;
/** A code stamps this long after it is made (the 60 s rotation plus 30 s grace). */
export const DEVICE_CODE_TTL_SECONDS = 90;
const MAC_DOMAIN = new TextEncoder().encode('stampwise-qr4.');

export interface DeviceSigner {
  vendorId: string;
  keyNumber: number;
  /** base64url of the screen's key, as pairing handed it out. */
  deviceKey: string;
}

/** A code for this screen, made at `now` (epoch ms, the server's time as best known), giving `count` stamps. */
export function mintDeviceCode(signer: DeviceSigner, now: number, count = 1): { token: string; expiresAt: number } {
  const expirySeconds = Math.floor(now / 1000) + DEVICE_CODE_TTL_SECONDS;
  const body =
    (((((((1n << 30n) | BigInt(expirySeconds - EXPIRY_EPOCH_SECONDS)) << 6n) | BigInt(signer.keyNumber)) << 7n) | BigInt(count - 1)) << 122n) |
    packUuidV4(signer.vendorId);
  const message = new Uint8Array(MAC_DOMAIN.length + 21);
  message.set(MAC_DOMAIN);
  message.set(toBytes(body, 21), MAC_DOMAIN.length);
  const digest = hmac(sha256, fromBase64Url(signer.deviceKey), message);
  const mac = fromBytes(digest.subarray(0, 12)) >> 7n;
  return { token: toBase32((body << 89n) | mac), expiresAt: expirySeconds * 1000 };
}

function packUuidV4(uuid: string): bigint {
  const value = BigInt(`0x${uuid.replace(/-/g, '')}`);
  const high = value >> 80n;
  const middle = (value >> 64n) & 0xfffn;
  const low = value & ((1n << 62n) - 1n);
  return (high << 74n) | (middle << 62n) | low;
}

function toBytes(value: bigint, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let rest = value;
  for (let index = length - 1; index >= 0; index -= 1) {
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

function fromBytes(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function toBase32(value: bigint): string {
  let text = '';
  let rest = value;
  for (let index = 0; index < CODE_LENGTH; index += 1) {
    text = BASE32_ALPHABET[Number(rest & 31n)] + text;
    rest >>= 5n;
  }
  return text;
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
