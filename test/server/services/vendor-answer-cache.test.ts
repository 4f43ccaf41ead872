// GET /api/vendor/:vendorId keeps each store's answer, serialised, with the store version it was
// read at; the session check reads the current version in the same statement. A change through any
// server sharing the database — made in the same millisecond, or by a server whose clock is behind —
// shows in the next GET of every server.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { nextStoreVersion, touchStore } from '../../../server/repositories/store-version';
import { createVendorAnswerCache } from '../../../server/services/vendor-answer-cache';
import { buildTestApp, type TestApp } from '../helpers';
import { createMenuItem, createVendor, type TestVendor, multipart, pngImage } from '../factories';
import type { MenuScanner, ScannedItem } from '../../../server/menu-scan';

let t: TestApp;
let serverB: FastifyInstance;
let vendor: TestVendor;
let scanned: ScannedItem[] = [];

beforeAll(async () => {
  const scanner: MenuScanner = { scan: async () => scanned, close: async () => undefined };
  t = await buildTestApp({ menuScanner: scanner });
  // A second server on the same database (docs/operations.md, "Running several servers"), with its own kept answers.
  serverB = await buildApp(t.deps);
  await serverB.ready();
});
afterAll(async () => {
  await serverB.close();
  await t.close();
});
beforeEach(async () => {
  vendor = await createVendor(t, { company: 'Bean There' });
  await createMenuItem(t, vendor.id, 'Flat White', 420);
});

const getOn = (app: FastifyInstance, v: TestVendor = vendor) => app.inject({ method: 'GET', url: `/api/vendor/${v.id}`, headers: v.auth });
const namesOn = async (app: FastifyInstance) => ((await getOn(app)).json() as { items: { name: string }[] }).items.map((item) => item.name);
const storeVersion = async (vendorId = vendor.id) =>
  Number((await t.db.kysely.selectFrom('vendors').select('updated_at').where('id', '=', vendorId).executeTakeFirstOrThrow()).updated_at);

describe('GET /api/vendor/:vendorId answered from the kept copy', () => {
  test('answers the same bytes and headers the second time', async () => {
    const first = await getOn(t.app);
    const second = await getOn(t.app);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.json()).toEqual({
      vendor: { company: 'Bean There', address: '1 Main St', open_hours: 'Mon–Fri 8–17', website: '', logo: null, banner: null, currency: 'USD', timeZone: null },
      items: [{ _id: expect.any(String), name: 'Flat White', price: 4.2 }],
    });
  });

  test('uses the kept copy while the store version holds (a write that does not move it is not read)', async () => {
    expect(await namesOn(t.app)).toEqual(['Flat White']);
    // Behind the services' back: the version stays, so the server does not read the menu again.
    await t.db.kysely.updateTable('menu_items').set({ name: 'Renamed' }).where('vendor_id', '=', vendor.id).execute();
    expect(await namesOn(t.app)).toEqual(['Flat White']);
    await touchStore(t.db.kysely, vendor.id, t.clock.now());
    expect(await namesOn(t.app)).toEqual(['Renamed']);
  });

  test('an ended session is refused even with the answer kept', async () => {
    expect((await getOn(t.app)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: vendor.auth })).statusCode).toBe(204);
    expect((await getOn(t.app)).statusCode).toBe(401);
  });

  test("never answers one store's kept copy to another store's owner", async () => {
    const other = await createVendor(t, { company: 'Other Place' });
    expect((await getOn(t.app)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/vendor/${vendor.id}`, headers: other.auth })).statusCode).toBe(403);
    expect((await getOn(t.app, other)).json().vendor.company).toBe('Other Place');
  });
});

describe('a change on server B shows in server A’s next GET (the clock standing still: same millisecond)', () => {
  beforeEach(async () => {
    // Both servers keep the current answer first.
    expect(await namesOn(t.app)).toEqual(['Flat White']);
    expect(await namesOn(serverB)).toEqual(['Flat White']);
  });

  test('an item added', async () => {
    const added = await serverB.inject({ method: 'POST', url: `/api/vendor/${vendor.id}/add-item`, headers: vendor.auth, payload: { itemName: 'Scone', itemPrice: 3 } });
    expect(added.statusCode).toBe(201);
    expect(await namesOn(t.app)).toEqual(['Flat White', 'Scone']);
  });

  test('an item deleted', async () => {
    const id = ((await getOn(t.app)).json() as { items: { _id: string }[] }).items[0]._id;
    expect((await serverB.inject({ method: 'POST', url: `/api/vendor/${vendor.id}/delete-item`, headers: vendor.auth, payload: { itemId: id } })).statusCode).toBe(200);
    expect(await namesOn(t.app)).toEqual([]);
  });

  test('the profile saved, twice in one millisecond', async () => {
    for (const company of ['First Name', 'Second Name']) {
      const body = multipart({ company, address: '2 Quay St', open_hours: 'Daily', website: '' });
      const saved = await serverB.inject({ method: 'POST', url: `/api/vendor/${vendor.id}`, payload: body.payload, headers: { ...vendor.auth, ...body.headers } });
      expect(saved.statusCode).toBe(200);
      expect((await getOn(t.app)).json().vendor).toMatchObject({ company, address: '2 Quay St', open_hours: 'Daily' });
    }
  });

  test('a menu upload read, then taken back', async () => {
    scanned = [{ name: 'Croissant', priceCents: 300 }];
    const body = multipart({}, [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data: await pngImage(200, 100) }]);
    const uploaded = await serverB.inject({ method: 'POST', url: `/api/vendor/${vendor.id}/upload-menu`, payload: body.payload, headers: { ...vendor.auth, ...body.headers } });
    expect(uploaded.statusCode).toBe(200);
    expect(await namesOn(t.app)).toEqual(['Flat White', 'Croissant']);

    const removed = await serverB.inject({ method: 'POST', url: `/api/vendor/${vendor.id}/remove-upload`, headers: vendor.auth, payload: { uploadId: uploaded.json().uploadId } });
    expect(removed.json()).toEqual({ removed: 1 });
    expect(await namesOn(t.app)).toEqual(['Flat White']);
  });
});

describe('the store version only moves forward', () => {
  test('a change moves it on by one when the clock is behind it (another server, or the same millisecond)', async () => {
    const ahead = t.clock.now() + 60_000;
    await t.db.kysely.updateTable('vendors').set({ updated_at: ahead }).where('id', '=', vendor.id).execute();
    await touchStore(t.db.kysely, vendor.id, t.clock.now());
    expect(await storeVersion()).toBe(ahead + 1);
    await touchStore(t.db.kysely, vendor.id, ahead + 10);
    expect(await storeVersion()).toBe(ahead + 10);
  });

  test('every other writer of vendors.updated_at moves it forward too (a version that went back could match an older kept answer)', async () => {
    const before = await storeVersion();
    await t.db.kysely.updateTable('vendors').set({ password_hash: 'x', updated_at: nextStoreVersion(before - 5_000) }).where('id', '=', vendor.id).execute();
    expect(await storeVersion()).toBe(before + 1);
    // The flyer renewal, a writer of its own, with the clock standing still.
    expect((await t.app.inject({ method: 'POST', url: '/api/qrcode/printable', headers: vendor.auth, payload: { vendorId: vendor.id, renew: true } })).statusCode).toBe(200);
    expect(await storeVersion()).toBeGreaterThan(before + 1);
  });
});

describe('the kept answers', () => {
  test('are kept for at most the given number of stores, the longest kept making room', () => {
    const cache = createVendorAnswerCache(2);
    cache.set('a', 1, Buffer.from('A'));
    cache.set('b', 1, Buffer.from('B'));
    cache.set('c', 1, Buffer.from('C'));
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.toString()).toBe('C');
  });

  test('answer only at their exact version, and an answer read at an older version never replaces a newer one', () => {
    const cache = createVendorAnswerCache();
    cache.set('a', 5, Buffer.from('new'));
    cache.set('a', 4, Buffer.from('old'));
    expect(cache.get('a', 5)?.toString()).toBe('new');
    expect(cache.get('a', 4)).toBeUndefined();
    expect(cache.get('a', 6)).toBeUndefined();
  });
});
