// /api/images, /api/activity and /api/dashboard under attack: hostile ids and revoked sessions; the
// image check that guards every upload.
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor, type TestVendor, decompressionBombPng, pngClaiming, pngImage } from '../factories';
import { checkUpload, IMAGE_KINDS, MAX_IMAGE_BYTES } from '../../../server/services/uploads';
import { expectClientError } from './helpers';

let t: TestApp;
let vendor: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  vendor = await createVendor(t);
});

describe('image ids', () => {
  it.each(['not-a-hash', '%00', 'a'.repeat(64).replace(/a$/, '\u0000'), "' OR 1=1 --"])('%j is refused with a 4xx JSON error', async (id) => {
    expectClientError(await t.app.inject({ method: 'GET', url: `/api/images/${encodeURIComponent(id)}` }));
  });
});

describe('the upload check every file goes through', () => {
  const check = (file: Buffer) => checkUpload(file, { field: 'logo', label: 'The logo', accepted: IMAGE_KINDS, maxBytes: MAX_IMAGE_BYTES });

  it('refuses too many pixels from the header alone: a real decompression bomb, and a header with no pixels behind it', async () => {
    await expect(check(decompressionBombPng())).rejects.toMatchObject({ statusCode: 413 });
    // Nothing to decode here: a 413 (not the 400 of a file that lacks its pixels) says the header decided.
    await expect(check(pngClaiming({ width: 50_000, height: 50_000, bitDepth: 8, colorType: 6 }))).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses a decoded size over the limit even under the pixel limit', async () => {
    await expect(check(pngClaiming({ width: 7000, height: 7000, bitDepth: 16, colorType: 6 }))).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses a header that promises pixels the file does not hold (400)', async () => {
    await expect(check(pngClaiming({ width: 100, height: 100, bitDepth: 8, colorType: 2 }))).rejects.toMatchObject({ statusCode: 400 });
  });

  it('takes an ordinary image', async () => {
    await expect(check(await pngImage())).resolves.toBe('png');
  });
});

describe('revoked sessions on the live figures', () => {
  it('activity, dashboard and the stream ticket answer 401 once the session is ended', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/activity/${vendor.id}`, headers: vendor.auth });
    expect(before.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: vendor.auth })).statusCode).toBe(204);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/activity/${vendor.id}`, headers: vendor.auth }),
      t.app.inject({ method: 'GET', url: `/api/dashboard/${vendor.id}`, headers: vendor.auth }),
      t.app.inject({ method: 'POST', url: `/api/activity/${vendor.id}/stream-ticket`, headers: vendor.auth }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401]);
  });

  it('a forged or tampered token is refused, never a 5xx', async () => {
    const [header, payload] = vendor.token.split('.');
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [tampered, 'x.y.z', `${header}..`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/dashboard/${vendor.id}`, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(401);
    }
  });
});
