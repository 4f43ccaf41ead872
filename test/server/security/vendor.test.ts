// /api/vendor/{id} under attack: malformed multipart and JSON bodies, control characters in the
// store profile and item names, decompression bombs at every upload, and revoked sessions.
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor, type TestVendor, decompressionBombPng, multipart, pngClaiming, pngImage } from '../factories';
import { CONTROL_CHARACTERS, MALFORMED_JSON, MALFORMED_MULTIPART, codePoint, expectClientError } from './helpers';

let t: TestApp;
let vendor: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  vendor = await createVendor(t, { company: 'Corner Café' });
});

const profileFields = { company: 'Corner Café', address: '1 Main St', open_hours: 'Mon–Fri 8–17', website: '' };
const post = (path: string, payload: string | Buffer | object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/vendor/${vendor.id}${path}`, headers: { ...vendor.auth, ...headers }, payload });
const storedCompany = async () =>
  (await t.db.kysely.selectFrom('vendors').select('company').where('id', '=', vendor.id).executeTakeFirstOrThrow()).company;
const itemCount = async () => (await t.db.kysely.selectFrom('menu_items').select('id').where('vendor_id', '=', vendor.id).execute()).length;

describe('malformed bodies get a 4xx JSON error, never a 5xx', () => {
  it.each(MALFORMED_MULTIPART)('the store profile with $name', async ({ contentType, payload }) => {
    expectClientError(await post('', payload, { 'content-type': contentType }));
    expect(await storedCompany()).toBe('Corner Café');
  });

  it.each(MALFORMED_MULTIPART)('upload-menu with $name', async ({ contentType, payload }) => {
    expectClientError(await post('/upload-menu', payload, { 'content-type': contentType }));
  });

  it.each(MALFORMED_JSON)('add-item and delete-item with $name', async ({ contentType, payload }) => {
    expectClientError(await post('/add-item', payload, { 'content-type': contentType }));
    expectClientError(await post('/delete-item', payload, { 'content-type': contentType }));
    expect(await itemCount()).toBe(0);
  });
});

describe('control characters in free text', () => {
  it.each(CONTROL_CHARACTERS.map((c) => [codePoint(c), c]))('the store profile refuses %s in every text field', async (_name, c) => {
    for (const field of ['company', 'address', 'open_hours', 'website']) {
      const body = multipart({ ...profileFields, [field]: `Corner${c}Cafe` });
      const response = await post('', body.payload, body.headers);
      expectClientError(response);
      expect(response.json().details).toEqual([{ field, message: 'contains characters that are not allowed' }]);
    }
    expect(await storedCompany()).toBe('Corner Café');
  });

  it('delete-item refuses a NUL in the item id (it would reach SQL)', async () => {
    expectClientError(await post('/delete-item', { itemId: 'item\u0000' }));
  });

  it.each(CONTROL_CHARACTERS.map((c) => [codePoint(c), c]))('add-item refuses %s in the name and the price', async (_name, c) => {
    expectClientError(await post('/add-item', { itemName: `Flat${c}White`, itemPrice: '4.20' }));
    expectClientError(await post('/add-item', { itemName: 'Flat White', itemPrice: `4${c}20` }));
    expect(await itemCount()).toBe(0);
  });
});

describe('every upload is checked for pixels and decoded size on arrival', () => {
  it('a decompression-bomb logo or cover is refused (413) and the profile is unchanged', async () => {
    for (const field of ['logo', 'cover']) {
      const body = multipart({ ...profileFields, company: 'Changed' }, [{ field, filename: 'x.png', contentType: 'image/png', data: decompressionBombPng() }]);
      expect((await post('', body.payload, body.headers)).statusCode).toBe(413);
    }
    expect(await storedCompany()).toBe('Corner Café');
  });

  it('a decompression-bomb menu is refused (413) before any scan', async () => {
    const body = multipart({}, [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data: decompressionBombPng() }]);
    const response = await post('/upload-menu', body.payload, body.headers);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/pixels/);
  });

  it('an image under the pixel limit whose decoded size is too large (16-bit RGBA) is refused (413)', async () => {
    const wide = pngClaiming({ width: 7000, height: 7000, bitDepth: 16, colorType: 6 });
    const body = multipart(profileFields, [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', data: wide }]);
    const response = await post('', body.payload, body.headers);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/MB to open/);
  });

  it('an ordinary logo is still taken', async () => {
    const body = multipart(profileFields, [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', data: await pngImage() }]);
    expect((await post('', body.payload, body.headers)).statusCode).toBe(200);
  });
});

it('a session ended by Logout is refused on every vendor route (401)', async () => {
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: vendor.auth })).statusCode).toBe(204);
  for (const [method, path] of [['GET', ''], ['POST', '/add-item'], ['POST', '/delete-item'], ['POST', '/upload-menu'], ['POST', '']] as const) {
    const response = await t.app.inject({ method, url: `/api/vendor/${vendor.id}${path}`, headers: vendor.auth, payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(401);
  }
});
