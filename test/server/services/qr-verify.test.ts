// verifyQrForStamp: the check the customer side runs on every scanned token before it may earn a stamp.
import crypto from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { resetTestApp, buildTestApp, type TestApp } from '../helpers';
import { createVendor, type TestVendor } from '../factories';
import { verifyQrForStamp } from '../../../server/services/qr-verify';
import { createQrTokens } from '../../../server/infra/qr-tokens';
import { deriveKey } from '../../../server/infra/secret';

let t: TestApp;
let vendor: TestVendor;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  vendor = await createVendor(t);
});

/** Flips one character of the token at `index` to another URL-safe one. */
function alterAt(token: string, index: number): string {
  const replacement = token[index] === 'A' ? 'B' : 'A';
  return token.slice(0, index) + replacement + token.slice(index + 1);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const EPOCH_SECONDS = Date.UTC(2025, 0, 1) / 1000;

/** The 122 random bits of a version-4 UUID (its fixed version and variant bits left out). */
function packUuid(uuid: string): bigint {
  const value = BigInt(`0x${uuid.replace(/-/g, '')}`);
  return ((value >> 80n) << 74n) | (((value >> 64n) & 0xfffn) << 62n) | (value & ((1n << 62n) - 1n));
}

/**
 * The body of a token: kind (0 dynamic, 1 printable), the 30-bit field, the 6-bit serial, then for a dynamic
 * token the 7-bit count (stamps minus 1), then the vendor. A printable body is 159 bits, a dynamic one 166.
 */
function bodyOf(kind: 0 | 1, field: number, vendorId: string, serial = 0n, count = 1): bigint {
  const head = (((BigInt(kind) << 30n) | BigInt(field)) << 6n) | serial;
  const withCount = kind === 0 ? (head << 7n) | BigInt(count - 1) : head;
  return (withCount << 122n) | packUuid(vendorId);
}

/** The serial a dynamic token was issued with. */
const serialOf = (token: string): bigint => (unbase32(token) >> (89n + 122n + 7n)) & 63n;

function base32(value: bigint): string {
  let text = '';
  for (let index = 0; index < 51; index += 1) text = BASE32[Number((value >> BigInt(5 * index)) & 31n)] + text;
  return text;
}

function unbase32(text: string): bigint {
  return [...text].reduce((value, character) => (value << 5n) | BigInt(BASE32.indexOf(character)), 0n);
}

/** A token in our format with a mac computed under `key`: what a forger who guessed the format would send. */
function signWith(key: string, body: bigint, kind: 0 | 1 = 0): string {
  if (kind === 1) {
    const bodyBytes = Buffer.from(body.toString(16).padStart(40, '0'), 'hex');
    const mac = crypto.createHmac('sha256', key).update('stampwise-qr2.').update(bodyBytes).digest().subarray(0, 12);
    return base32((body << 96n) | BigInt(`0x${mac.toString('hex')}`));
  }
  const bodyBytes = Buffer.from(body.toString(16).padStart(42, '0'), 'hex');
  const mac = crypto.createHmac('sha256', key).update('stampwise-qr3.').update(bodyBytes).digest().subarray(0, 12);
  return base32((body << 89n) | (BigInt(`0x${mac.toString('hex')}`) >> 7n));
}

/** The token with its body replaced and its mac kept: an edit by someone without the key. */
function withBody(token: string, body: bigint, kind: 0 | 1 = 0): string {
  const macBits = kind === 0 ? 89n : 96n;
  const tokenMacBits = unbase32(token) >> 254n === 0n ? 89n : 96n;
  const mac = unbase32(token) & ((1n << tokenMacBits) - 1n);
  return base32((body << macBits) | (mac & ((1n << macBits) - 1n)));
}

describe('verifyQrForStamp', () => {
  it('accepts a fresh dynamic token and names the vendor', async () => {
    const { token } = t.deps.qrTokens.issueDynamic(vendor.id);
    const check = await verifyQrForStamp(t.deps, token);
    // issuedAt: the code's age at scan is one of the stamp's signals.
    expect(check).toEqual({ ok: true, vendorId: vendor.id, kind: 'dynamic', tokenId: token, issuedAt: t.clock.now(), count: 1 });
    expect(token).toMatch(/^[A-Z2-7]{51}$/);
  });

  it('rejects an expired token', async () => {
    const { token, expiresAt } = t.deps.qrTokens.issueDynamic(vendor.id);
    t.clock.set(expiresAt);
    expect(await verifyQrForStamp(t.deps, token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects a token that verified before once it has expired (verified tokens are kept, their expiry is not)', async () => {
    const { token, expiresAt } = t.deps.qrTokens.issueDynamic(vendor.id);
    expect((await verifyQrForStamp(t.deps, token)).ok).toBe(true);
    expect((await verifyQrForStamp(t.deps, token)).ok).toBe(true);
    t.clock.set(expiresAt);
    expect(await verifyQrForStamp(t.deps, token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects altered copies of a token that verified before, and keeps verifying past the number of tokens it keeps', async () => {
    const { token } = t.deps.qrTokens.issueDynamic(vendor.id);
    expect((await verifyQrForStamp(t.deps, token)).ok).toBe(true);
    for (let index = 0; index < token.length; index += 5) {
      expect(await verifyQrForStamp(t.deps, alterAt(token, index))).toEqual({ ok: false, reason: 'malformed' });
    }
    // More authentic tokens than are kept: each still verifies, the first one again too.
    for (let i = 0; i < 1100; i += 1) expect(t.deps.qrTokens.verify(t.deps.qrTokens.issueDynamic(vendor.id).token).ok).toBe(true);
    expect(t.deps.qrTokens.verify(token)).toMatchObject({ ok: true, token: { vendorId: vendor.id, tokenId: token } });
  });

  it('rejects a token with any single character altered', async () => {
    const { token } = t.deps.qrTokens.issueDynamic(vendor.id);
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      expect(await verifyQrForStamp(t.deps, alterAt(token, index))).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('rejects a token moved to another vendor (vendor id swapped, mac kept)', async () => {
    const other = await createVendor(t);
    const { token, expiresAt } = t.deps.qrTokens.issueDynamic(vendor.id);
    const moved = withBody(token, bodyOf(0, expiresAt / 1000 - EPOCH_SECONDS, other.id, serialOf(token)));
    expect(moved).not.toBe(token);
    expect(await verifyQrForStamp(t.deps, moved)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects an extended expiry (exp rewritten, mac kept)', async () => {
    const { token, expiresAt } = t.deps.qrTokens.issueDynamic(vendor.id);
    const original = withBody(token, bodyOf(0, expiresAt / 1000 - EPOCH_SECONDS, vendor.id, serialOf(token)));
    // The test's picture of the format is right: rebuilding the same body gives back the very token.
    expect(original).toBe(token);
    const later = withBody(token, bodyOf(0, expiresAt / 1000 - EPOCH_SECONDS + 3600, vendor.id, serialOf(token)));
    expect(await verifyQrForStamp(t.deps, later)).toEqual({ ok: false, reason: 'malformed' });
    // Nor a dynamic token turned into a printable one that never expires.
    expect(await verifyQrForStamp(t.deps, withBody(token, bodyOf(1, 1, vendor.id), 1))).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects forged tokens: made up, unsigned, or signed under a guessed key', async () => {
    const body = bodyOf(0, Math.floor(t.clock.now() / 1000) + 60 - EPOCH_SECONDS, vendor.id);
    const unsigned = base32(body << 89n);
    for (const forged of [
      '',
      'not-a-token',
      unsigned,
      unsigned.toLowerCase(),
      `${unsigned}A`,
      'A'.repeat(51),
      signWith('guessed-key', body),
      'd'.repeat(10_000),
    ]) {
      expect(await verifyQrForStamp(t.deps, forged)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('rejects old long tokens of the dotted format, even with a well-formed mac', async () => {
    const exp = (Math.floor(t.clock.now() / 1000) + 60).toString(36);
    const oldBody = `dAAAAAAAAAAA.${vendor.id}.${exp}`;
    const oldMac = crypto.createHmac('sha256', deriveKey(t.deps.secret, 'qr')).update(`stampwise-qr.${oldBody}`).digest().subarray(0, 16).toString('base64url');
    expect(await verifyQrForStamp(t.deps, `${oldBody}.${oldMac}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyQrForStamp(t.deps, `p1.${vendor.id}.${oldMac}`)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects a token signed with the session key (same secret, other purpose)', async () => {
    const body = bodyOf(0, Math.floor(t.clock.now() / 1000) + 60 - EPOCH_SECONDS, vendor.id);
    const sessionKeyed = signWith(deriveKey(t.deps.secret, 'session'), body);
    expect(await verifyQrForStamp(t.deps, sessionKeyed)).toEqual({ ok: false, reason: 'malformed' });
    // The same body under the QR key is accepted: the forgeries above fail on the key alone.
    expect(await verifyQrForStamp(t.deps, signWith(deriveKey(t.deps.secret, 'qr'), body))).toMatchObject({ ok: true });
  });

  it("rejects the vendor's session token used as a QR token", async () => {
    expect(await verifyQrForStamp(t.deps, vendor.token)).toEqual({ ok: false, reason: 'malformed' });
    // A JWT with QR-looking claims signed with the QR key is still not a QR token.
    const qrKeyedJwt = createSigner({ key: deriveKey(t.deps.secret, 'qr'), algorithm: 'HS256' })({ sub: vendor.id, kind: 'dynamic' });
    expect(await verifyQrForStamp(t.deps, qrKeyedJwt)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects a token from a server with another secret', async () => {
    const otherServer = createQrTokens('another-secret-that-is-long-enough-for-hmac', t.clock.now);
    const { token } = otherServer.issueDynamic(vendor.id);
    expect(await verifyQrForStamp(t.deps, token)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyQrForStamp(t.deps, otherServer.issuePrintable(vendor.id, 1))).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects an authentic token for a vendor that does not exist', async () => {
    const { token } = t.deps.qrTokens.issueDynamic(crypto.randomUUID());
    expect(await verifyQrForStamp(t.deps, token)).toEqual({ ok: false, reason: 'unknown-vendor' });
  });

  it('rejects a printable token whose version was renewed, and accepts the current one', async () => {
    const v1 = t.deps.qrTokens.issuePrintable(vendor.id, 1);
    expect(await verifyQrForStamp(t.deps, v1)).toEqual({ ok: true, vendorId: vendor.id, kind: 'printable', tokenId: `${vendor.id}:v1` });
    await t.db.kysely.updateTable('vendors').set({ printable_qr_version: 2 }).where('id', '=', vendor.id).execute();
    expect(await verifyQrForStamp(t.deps, v1)).toEqual({ ok: false, reason: 'revoked' });
    // A version from the future (never issued by the route) is not accepted either.
    expect(await verifyQrForStamp(t.deps, t.deps.qrTokens.issuePrintable(vendor.id, 3))).toEqual({ ok: false, reason: 'revoked' });
    expect(await verifyQrForStamp(t.deps, t.deps.qrTokens.issuePrintable(vendor.id, 2))).toMatchObject({ ok: true, tokenId: `${vendor.id}:v2` });
  });

  it('never lets a printable token expire with time', async () => {
    const token = t.deps.qrTokens.issuePrintable(vendor.id, 1);
    t.clock.advance(10 * 365 * 24 * 3600 * 1000);
    expect(await verifyQrForStamp(t.deps, token)).toMatchObject({ ok: true, kind: 'printable' });
  });
});
