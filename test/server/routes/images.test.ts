// GET /api/images/:id — stored logos and covers: public, immutable cache headers, ETag and 304.
import crypto from 'node:crypto';
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor, type TestVendor, multipart, pngImage } from '../factories';

let t: TestApp;
let vendor: TestVendor;
let logoUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  vendor = await createVendor(t);
  const body = multipart(
    { company: 'Bean There', address: '5 Harbour Rd', open_hours: 'Daily 7–15', website: '' },
    [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', data: await pngImage(48, 48) }],
  );
  const saved = await t.app.inject({ method: 'POST', url: `/api/vendor/${vendor.id}`, payload: body.payload, headers: { ...vendor.auth, ...body.headers } });
  logoUrl = saved.json().vendor.logo;
});
afterAll(() => t.close());

describe('GET /api/images/:id', () => {
  test('serves the image to anyone, with its type, its hash as ETag and a cache-forever header', async () => {
    const response = await t.app.inject({ method: 'GET', url: logoUrl });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const id = logoUrl.split('/').pop();
    expect(response.headers.etag).toBe(`"${id}"`);
    expect(crypto.createHash('sha256').update(response.rawPayload).digest('hex')).toBe(id);
  });

  test('answers 304 without a body when the client already holds it', async () => {
    const { etag } = (await t.app.inject({ method: 'GET', url: logoUrl })).headers;

    for (const ifNoneMatch of [String(etag), `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const response = await t.app.inject({ method: 'GET', url: logoUrl, headers: { 'if-none-match': ifNoneMatch } });
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const stale = await t.app.inject({ method: 'GET', url: logoUrl, headers: { 'if-none-match': '"0000"' } });
    expect(stale.statusCode).toBe(200);
  });

  test('an unknown id is 404 JSON, not cached forever', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/images/${'ab'.repeat(32)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No such image.' });
    // Like every API answer that does not say otherwise: kept nowhere.
    expect(response.headers['cache-control']).toBe('no-store');
    const star = await t.app.inject({ method: 'GET', url: `/api/images/${'ab'.repeat(32)}`, headers: { 'if-none-match': '*' } });
    expect(star.statusCode).toBe(404);
  });

  test.each(['abc', 'AB'.repeat(32), `${'a'.repeat(63)}g`, `${'a'.repeat(64)}0`, '..%2F..%2Fetc%2Fpasswd'])('a malformed id %p is 400', async (id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/images/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });
});
