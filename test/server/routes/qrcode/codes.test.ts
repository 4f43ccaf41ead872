// The counter QR token and the flyer token.
import { resetTestApp, buildTestApp, type TestApp } from '../../helpers';
import { createVendor, type TestVendor } from '../../factories';
import { verifyQrForStamp } from '../../../../server/services/qr-verify';
import { qrScanUrl } from '../../../../server/infra/qr-tokens-impl';
import { qrVersionOf } from '../../../support/qrVersion';

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

const generate = (headers: Record<string, string> = vendor.auth, vendorId = vendor.id) =>
  t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${vendorId}`, headers });

const printable = (body: object, headers: Record<string, string> = vendor.auth) =>
  t.app.inject({ method: 'POST', url: '/api/qrcode/printable', headers, payload: body });

describe('GET /api/qrcode/generate/:vendorId', () => {
  it('answers a token naming the vendor, the scan url built on PUBLIC_URL, and an expiry 90 s ahead', async () => {
    const response = await generate();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({ token: expect.any(String), url: `HTTP://STAMPWISE.TEST/S/${body.token}`, expiresAt: t.clock.now() + 90_000 });
    expect(body.token).toMatch(/^[A-Z2-7]{51}$/);
    const check = await verifyQrForStamp(t.deps, body.token);
    expect(check).toEqual({ ok: true, vendorId: vendor.id, kind: 'dynamic', tokenId: expect.any(String), issuedAt: body.expiresAt - 90_000, count: 1 });
  });

  it('is valid for 90 s and expired after', async () => {
    const { token } = (await generate()).json();
    t.clock.advance(89_999);
    expect(await verifyQrForStamp(t.deps, token)).toMatchObject({ ok: true });
    t.clock.advance(1);
    expect(await verifyQrForStamp(t.deps, token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('answers a different token with a different token id every time', async () => {
    const tokens = await Promise.all([generate(), generate(), generate()]).then((rs) => rs.map((r) => r.json().token as string));
    expect(new Set(tokens).size).toBe(3);
    const ids = await Promise.all(tokens.map(async (token) => {
      const check = await verifyQrForStamp(t.deps, token);
      return check.ok ? check.tokenId : null;
    }));
    expect(new Set(ids).size).toBe(3);
  });

  it('writes nothing to the database', async () => {
    const before = await t.db.kysely.selectFrom('vendors').selectAll().execute();
    await generate();
    expect(await t.db.kysely.selectFrom('vendors').selectAll().execute()).toEqual(before);
  });

  it('keeps the scan url in QR alphanumeric mode and at most version 6 at level H', async () => {
    const { url } = (await generate()).json();
    expect(url).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
    expect(qrVersionOf(url)).toBeLessThanOrEqual(6);
  });

  it('answers 401 without a token and 403 for another vendor', async () => {
    const other = await createVendor(t);
    expect((await generate({})).statusCode).toBe(401);
    const forbidden = await generate(other.auth);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: expect.any(String) });
  });

  it('does not accept a QR token as a session token', async () => {
    const { token } = (await generate()).json();
    expect((await generate({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });
});

describe('POST /api/qrcode/printable', () => {
  it('answers the same long-lived token until it is renewed', async () => {
    const first = await printable({ vendorId: vendor.id });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ token: expect.any(String), url: `HTTP://STAMPWISE.TEST/S/${body.token}` });
    t.clock.advance(365 * 24 * 3600 * 1000);
    const freshSession = { authorization: `Bearer ${t.deps.sessions.issue(vendor.id)}` };
    expect((await printable({ vendorId: vendor.id }, freshSession)).json().token).toBe(body.token);
    expect(await verifyQrForStamp(t.deps, body.token)).toEqual({ ok: true, vendorId: vendor.id, kind: 'printable', tokenId: `${vendor.id}:v1` });
  });

  it('renew: true replaces the token, so flyers printed before stop working', async () => {
    const old = (await printable({ vendorId: vendor.id })).json().token;
    const renewed = await printable({ vendorId: vendor.id, renew: true });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().token;
    expect(fresh).not.toBe(old);
    expect(await verifyQrForStamp(t.deps, old)).toEqual({ ok: false, reason: 'revoked' });
    expect(await verifyQrForStamp(t.deps, fresh)).toEqual({ ok: true, vendorId: vendor.id, kind: 'printable', tokenId: `${vendor.id}:v2` });
    expect((await printable({ vendorId: vendor.id })).json().token).toBe(fresh);
  });

  it("answers 401 without a token and 403 for another vendor's flyer, renewing nothing", async () => {
    const other = await createVendor(t);
    const theirs = (await printable({ vendorId: other.id }, other.auth)).json().token;
    expect((await printable({ vendorId: other.id, renew: true }, {})).statusCode).toBe(401);
    const forbidden = await printable({ vendorId: other.id, renew: true });
    expect(forbidden.statusCode).toBe(403);
    expect(await verifyQrForStamp(t.deps, theirs)).toMatchObject({ ok: true });
  });

  it.each([
    ['no vendorId', () => ({}), 'vendorId'],
    ['renew as text', () => ({ vendorId: vendor.id, renew: 'please' }), 'renew'],
    ['an unexpected field', () => ({ vendorId: vendor.id, version: 7 }), 'version'],
  ])('answers 400 naming the field for %s', async (_label, body, field) => {
    const response = await printable(body());
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(field);
  });
});

describe('the scan url (a code a phone reads at a glance)', () => {
  const thirtyCharacterOrigins = ['https://loyalty.corner-cafe.io', 'http://192.168.100.200:3000/'.slice(0, 30), 'https://stamps.example.com:443'];

  it('fits QR version 6 at level H for the counter and the flyer code with a PUBLIC_URL of 30 characters', async () => {
    for (const origin of thirtyCharacterOrigins) {
      expect(origin.replace(/\/$/, '').length).toBeLessThanOrEqual(30);
      const dynamic = qrScanUrl(origin, t.deps.qrTokens.issueDynamic(vendor.id).token);
      const flyer = qrScanUrl(origin, t.deps.qrTokens.issuePrintable(vendor.id, 1_000_000));
      expect([qrVersionOf(dynamic), qrVersionOf(flyer)]).toEqual([expect.any(Number), expect.any(Number)]);
      expect(qrVersionOf(dynamic)).toBeLessThanOrEqual(6);
      expect(qrVersionOf(flyer)).toBeLessThanOrEqual(6);
    }
  });

  it('upper-cases only the origin: a PUBLIC_URL with a path keeps its case', () => {
    expect(qrScanUrl('https://Cafe.example', 'ABC')).toBe('HTTPS://CAFE.EXAMPLE/S/ABC');
    expect(qrScanUrl('https://example.com/Stamps', 'ABC')).toBe('https://example.com/Stamps/S/ABC');
  });
});
