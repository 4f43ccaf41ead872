// The store profile of Store Settings: GET and POST /api/vendor/:vendorId, owner-only, with logo
// and cover uploads checked by content and re-encoded without metadata.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../helpers';
import {
  addTeamMember,
  createMenuItem,
  createVendor,
  type TestVendor,
  decompressionBombPng,
  gifImage,
  jpegWithExif,
  multipart,
  pngImage,
  pngWithExif,
  textPretendingToBePng,
  webpImage,
  type FilePart,
} from '../../factories';

let t: TestApp;
let vendor: TestVendor;

// One app per file (building one takes a while); every test gets a vendor of its own.
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  vendor = await createVendor(t, { company: 'Bean There', address: '5 Harbour Rd', open_hours: 'Daily 7–15', website: 'beanthere.test' });
});

const profileFields = { company: 'Bean There', address: '5 Harbour Rd', open_hours: 'Daily 7–15', website: 'beanthere.test' };

function getVendor(v: TestVendor = vendor, headers: Record<string, string> = v.auth) {
  return t.app.inject({ method: 'GET', url: `/api/vendor/${v.id}`, headers });
}

function postProfile(fields: Record<string, string>, files: FilePart[] = [], v: TestVendor = vendor, headers: Record<string, string> = {}) {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'POST', url: `/api/vendor/${v.id}`, payload: body.payload, headers: { ...v.auth, ...body.headers, ...headers } });
}

const logoPart = (data: Buffer, filename = 'logo.png', contentType = 'image/png'): FilePart => ({ field: 'logo', filename, contentType, data });

async function storedImage(url: string): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('GET /api/vendor/:vendorId', () => {
  test('answers the profile and the items in the order they were added, prices in dollars or empty', async () => {
    await createMenuItem(t, vendor.id, 'Flat White', 420);
    await createMenuItem(t, vendor.id, 'Tap Water', null);
    await createMenuItem(t, vendor.id, 'Croissant', 300);

    const response = await getVendor();

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.vendor).toEqual({
      company: 'Bean There',
      address: '5 Harbour Rd',
      open_hours: 'Daily 7–15',
      website: 'beanthere.test',
      logo: null,
      banner: null,
      currency: 'USD',
      timeZone: null,
    });
    expect(body.items.map((item: { name: string; price: number | '' }) => [item.name, item.price])).toEqual([
      ['Flat White', 4.2],
      ['Tap Water', ''],
      ['Croissant', 3],
    ]);
    expect(typeof body.items[0]._id).toBe('string');
  });

  test('a store without a website answers an empty website', async () => {
    const plain = await createVendor(t, { website: null });
    const response = await getVendor(plain);
    expect(response.json().vendor.website).toBe('');
  });

  test('a session of an account that no longer exists is over (401)', async () => {
    const ghostToken = t.deps.sessions.issue('ghost-vendor');
    const response = await t.app.inject({ method: 'GET', url: '/api/vendor/ghost-vendor', headers: { authorization: `Bearer ${ghostToken}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String), reason: 'account-closed' });
  });
});

describe('owner-only /api/vendor routes', () => {
  const routes = [
    { method: 'GET' as const, path: '' },
    { method: 'POST' as const, path: '' },
    { method: 'POST' as const, path: '/add-item' },
    { method: 'POST' as const, path: '/delete-item' },
    { method: 'POST' as const, path: '/upload-menu' },
  ];

  test.each(routes)('$method /api/vendor/:vendorId$path answers 401 without a token or with a bad one', async ({ method, path }) => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: `Basic ${vendor.token}` }]) {
      const response = await t.app.inject({ method, url: `/api/vendor/${vendor.id}${path}`, headers, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
  });

  test.each(routes)("$method /api/vendor/:vendorId$path answers 403 with another vendor's token", async ({ method, path }) => {
    const intruder = await createVendor(t);
    const response = await t.app.inject({ method, url: `/api/vendor/${vendor.id}${path}`, headers: intruder.auth, payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  test("an expired token gets 401 and another vendor's save changes nothing", async () => {
    const intruder = await createVendor(t);
    const denied = await postProfile({ ...profileFields, company: 'Hacked' }, [], { ...vendor, auth: intruder.auth });
    expect(denied.statusCode).toBe(403);
    t.clock.advance(t.deps.config.sessionTtlHours * 3600_000 + 1000);
    expect((await getVendor()).statusCode).toBe(401);
    t.clock.advance(-(t.deps.config.sessionTtlHours * 3600_000 + 1000));
    expect((await getVendor()).json().vendor.company).toBe('Bean There');
  });
});

describe('POST /api/vendor/:vendorId', () => {
  test("GET names a manager who saved the reward right after the owner's page had read the store", async () => {
    const manager = await addTeamMember(t, vendor.id, 'manager');
    const latteId = await createMenuItem(t, vendor.id, 'Latte');
    expect((await getVendor()).json().vendor.settingsChangedBy).toBeUndefined();
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/rewards/${vendor.id}`,
      headers: manager.auth,
      payload: { stamps: 8, item: latteId, itemCustom: null, expiry: '2027-06-30' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await getVendor()).json().vendor.settingsChangedBy).toBe('Test manager');
  });

  test('saves the text fields (trimmed) and answers the vendor as GET shows it; GET then names who saved them', async () => {
    const response = await postProfile({ company: '  Bean   Here ', address: '7 Quay St', open_hours: 'Mon–Sat 8–16', website: ' https://beanhere.test/menu ' });

    expect(response.statusCode).toBe(200);
    const saved = { company: 'Bean Here', address: '7 Quay St', open_hours: 'Mon–Sat 8–16', website: 'https://beanhere.test/menu', logo: null, banner: null, currency: 'USD', timeZone: null };
    expect(response.json()).toEqual({ vendor: saved });
    expect((await getVendor()).json().vendor).toEqual({ ...saved, settingsChangedBy: 'Test Owner' });
  });

  test.each([
    ['bare domain', 'mycafe.com', 'mycafe.com'],
    ['http address', 'http://mycafe.com', 'http://mycafe.com'],
    ['empty (optional)', '', ''],
  ])('accepts a website given as %s', async (_label, website, stored) => {
    const response = await postProfile({ ...profileFields, website });
    expect(response.statusCode).toBe(200);
    expect(response.json().vendor.website).toBe(stored);
  });

  test.each([
    ['company', { company: '   ' }],
    ['company', { company: 'x'.repeat(201) }],
    ['address', { address: '' }],
    ['open_hours', { open_hours: '\t' }],
    ['website', { website: 'javascript:alert(1)' }],
    ['website', { website: 'ftp://mycafe.com' }],
    ['website', { website: 'not a site' }],
    ['website', { website: 'https://cafe' }],
  ])('refuses a bad %s with 400 naming the field, changing nothing', async (field, change) => {
    const response = await postProfile({ ...profileFields, company: 'Changed', ...change });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect((await getVendor()).json().vendor.company).toBe('Bean There');
  });

  test('a store that never chose a currency shows prices in US dollars', async () => {
    expect((await getVendor()).json().vendor.currency).toBe('USD');
  });

  test('saves the store currency as its ISO 4217 code (any letter case) and GET answers it', async () => {
    const response = await postProfile({ ...profileFields, currency: 'eur' });

    expect(response.statusCode).toBe(200);
    expect(response.json().vendor.currency).toBe('EUR');
    expect((await getVendor()).json().vendor.currency).toBe('EUR');
  });

  test('a save without a currency keeps the one the store chose', async () => {
    await postProfile({ ...profileFields, currency: 'GBP' });

    const response = await postProfile({ ...profileFields, company: 'Renamed' });

    expect(response.statusCode).toBe(200);
    expect(response.json().vendor).toMatchObject({ company: 'Renamed', currency: 'GBP' });
  });

  test.each([['EURO'], ['XYZ'], ['€'], ['DEM'], ['']])('refuses the currency %p with a 400 naming the field, changing nothing', async (currency) => {
    await postProfile({ ...profileFields, currency: 'JPY' });

    const response = await postProfile({ ...profileFields, company: 'Changed', currency });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Currency must be an ISO 4217 currency code such as USD, EUR or GBP.',
      details: [{ field: 'currency', message: 'Currency must be an ISO 4217 currency code such as USD, EUR or GBP.' }],
    });
    expect((await getVendor()).json().vendor).toMatchObject({ company: 'Bean There', currency: 'JPY' });
  });

  test("a refused currency is explained in the language of the vendor's page", async () => {
    const response = await postProfile({ ...profileFields, currency: 'EURO' }, [], vendor, { 'accept-language': 'fr-FR,fr;q=0.9' });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'currency', message: 'La devise doit être un code ISO 4217, par exemple USD, EUR ou GBP.' }]);
  });

  test('a store that never saved its settings has no time zone yet (its campaign nights are kept in UTC)', async () => {
    expect((await getVendor()).json().vendor.timeZone).toBeNull();
  });

  test('saves the store time zone as its IANA name (any letter case) and GET answers it; a save without one keeps it', async () => {
    const response = await postProfile({ ...profileFields, timeZone: 'europe/paris' });

    expect(response.statusCode).toBe(200);
    expect(response.json().vendor.timeZone).toBe('Europe/Paris');
    expect((await getVendor()).json().vendor.timeZone).toBe('Europe/Paris');
    await postProfile({ ...profileFields, company: 'Renamed' });
    expect((await getVendor()).json().vendor).toMatchObject({ company: 'Renamed', timeZone: 'Europe/Paris' });
    await postProfile({ ...profileFields, timeZone: 'UTC' });
    expect((await getVendor()).json().vendor.timeZone).toBe('UTC');
  });

  test.each([['Europe/Atlantis'], ['+01:00'], ['CET+1'], ['']])('refuses the time zone %p with a 400 naming the field, changing nothing', async (timeZone) => {
    await postProfile({ ...profileFields, timeZone: 'Asia/Tokyo' });

    const response = await postProfile({ ...profileFields, company: 'Changed', timeZone });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Time zone must be an IANA time zone such as Europe/Paris, America/New_York or UTC.',
      details: [{ field: 'timeZone', message: 'Time zone must be an IANA time zone such as Europe/Paris, America/New_York or UTC.' }],
    });
    expect((await getVendor()).json().vendor).toMatchObject({ company: 'Bean There', timeZone: 'Asia/Tokyo' });
  });

  test("a refused time zone is explained in the language of the vendor's page", async () => {
    const response = await postProfile({ ...profileFields, timeZone: 'Paris' }, [], vendor, { 'accept-language': 'de-DE,de;q=0.9' });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'timeZone', message: 'Die Zeitzone muss eine IANA-Zeitzone wie Europe/Paris, America/New_York oder UTC sein.' }]);
  });

  test('a missing required field is a 400 too', async () => {
    const response = await postProfile({ address: 'x', open_hours: 'y' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'company', message: 'Company is required.' }]);
  });

  test('stores a PNG logo re-encoded without its metadata and links it from the profile', async () => {
    const secret = 'GPS 51.5007 -0.1246 shot on a Pixel';
    const original = await pngWithExif(secret);
    expect(original.includes(secret)).toBe(true);

    const response = await postProfile(profileFields, [logoPart(original)]);

    expect(response.statusCode).toBe(200);
    const logoUrl: string = response.json().vendor.logo;
    expect(logoUrl).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
    const stored = await storedImage(logoUrl);
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(logoUrl.split('/').pop());
    expect(stored.includes(secret)).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 20 });
    expect(meta.exif).toBeUndefined();
    expect((await getVendor()).json().vendor.logo).toBe(logoUrl);
  });

  test('stores a JPEG cover upright (EXIF orientation applied), without EXIF, read back as banner', async () => {
    const secret = 'Owner home address';
    const photo = await jpegWithExif(secret, 80, 40);

    const response = await postProfile(profileFields, [{ field: 'cover', filename: 'cover.jpg', contentType: 'image/jpeg', data: photo }]);

    expect(response.statusCode).toBe(200);
    const { banner, logo } = response.json().vendor;
    expect(logo).toBeNull();
    const stored = await storedImage(banner);
    expect(stored.includes(secret)).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 80 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  test('caps a large image at 1600 px on its long side', async () => {
    const response = await postProfile(profileFields, [logoPart(await pngImage(3200, 800))]);
    expect(response.statusCode).toBe(200);
    expect(await sharp(await storedImage(response.json().vendor.logo)).metadata()).toMatchObject({ width: 1600, height: 400 });
  });

  test('accepts a WebP logo and keeps it WebP', async () => {
    const response = await postProfile(profileFields, [logoPart(await webpImage(), 'logo.webp', 'image/webp')]);
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: response.json().vendor.logo });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  test('judges the file by its content: text named logo.png is 415, and nothing changes', async () => {
    const response = await postProfile({ ...profileFields, company: 'Changed' }, [logoPart(textPretendingToBePng)]);

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'The logo must be a PNG, JPEG or WebP image.' });
    expect((await getVendor()).json().vendor).toMatchObject({ company: 'Bean There', logo: null });
  });

  test('refuses a GIF (or any other format) with 415', async () => {
    const response = await postProfile(profileFields, [logoPart(await gifImage(), 'logo.gif', 'image/gif')]);
    expect(response.statusCode).toBe(415);
  });

  test('refuses a truncated PNG with 400', async () => {
    const png = await pngImage(400, 400);
    const response = await postProfile(profileFields, [logoPart(png.subarray(0, Math.floor(png.length / 2)))]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'The logo could not be read; it may be damaged or incomplete.' });
  });

  test('refuses a cover over 5 MB with 413, and a bad cover keeps a good logo from being saved', async () => {
    const big = Buffer.concat([await pngImage(), crypto.randomBytes(5 * 1024 * 1024)]);
    const imagesBefore = await t.db.kysely.selectFrom('images').select('id').execute();
    const response = await postProfile(profileFields, [
      // A size no other test uses, so its absence from the images table means something.
      logoPart(await pngImage(33, 17)),
      { field: 'cover', filename: 'cover.png', contentType: 'image/png', data: big },
    ]);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The cover image is too large: at most 5 MB.' });
    expect((await getVendor()).json().vendor).toMatchObject({ logo: null, banner: null });
    expect(await t.db.kysely.selectFrom('images').select('id').execute()).toEqual(imagesBefore);
  });

  test('refuses a 20,000 × 20,000 image quickly, from its header', async () => {
    const bomb = decompressionBombPng();
    const started = Date.now();

    const response = await postProfile(profileFields, [logoPart(bomb)]);

    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/20000 × 20000 pixels/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('replacing the logo removes the old image unless another store shows the same one', async () => {
    const first = (await postProfile(profileFields, [logoPart(await pngImage(10, 10))])).json().vendor.logo;
    const neighbour = await createVendor(t);
    const shared = (await postProfile(profileFields, [logoPart(await pngImage(12, 12))], neighbour)).json().vendor.logo;
    const sharedToo = (await postProfile(profileFields, [logoPart(await pngImage(12, 12))])).json().vendor.logo;
    expect(sharedToo).toBe(shared);

    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    const replaced = await postProfile(profileFields, [logoPart(await pngImage(14, 14))]);
    expect(replaced.statusCode).toBe(200);
    // The neighbour still shows it, so it stays.
    expect((await t.app.inject({ method: 'GET', url: shared })).statusCode).toBe(200);
  });

  test('saving without files keeps the current logo and cover', async () => {
    const withLogo = (await postProfile(profileFields, [logoPart(await pngImage())])).json().vendor.logo;
    const response = await postProfile({ ...profileFields, company: 'Renamed' });
    expect(response.json().vendor).toMatchObject({ company: 'Renamed', logo: withLogo });
    expect((await t.app.inject({ method: 'GET', url: withLogo })).statusCode).toBe(200);
  });
});
