// Checking a scan's new items against the menu: the scan's page pictures and item places
// (GET /api/vendor/:vendorId/menu-scans/:uploadId[/pages/:page]) and corrections
// (POST /api/vendor/:vendorId/update-item), each for the store's owner only.
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../helpers';
import { createMenuItem, createVendor, multipart, pngImage, type TestVendor } from '../../factories';
import type { MenuFileKind, MenuPageView, MenuScanForReview, MenuScanner, ScannedItem } from '../../../../server/menu-scan';
import { KEPT_SCANS_PER_STORE } from '../../../../server/services/menu/scan-review';

/** Answers `next` items with `pages` pictures, as the local scanner does for a photo. */
function reviewingScanner() {
  const scanner = {
    next: [] as ScannedItem[],
    pages: [] as MenuPageView[],
    scan: async (): Promise<ScannedItem[]> => scanner.next,
    scanForReview: async (_file: Buffer, _kind: MenuFileKind): Promise<MenuScanForReview> => ({ items: scanner.next, pages: scanner.pages }),
    close: async () => undefined,
  };
  return scanner;
}

async function pageJpeg(width = 400, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#f4efe6' } }).jpeg().toBuffer();
}

let t: TestApp;
let scanner: ReturnType<typeof reviewingScanner>;
let vendor: TestVendor;

beforeAll(async () => {
  scanner = reviewingScanner();
  t = await buildTestApp({ menuScanner: scanner satisfies MenuScanner });
});
afterAll(() => t.close());
beforeEach(async () => {
  vendor = await createVendor(t);
  scanner.next = [
    { name: 'Flat White', priceCents: 420, region: { page: 0, x: 0.1, y: 0.2, width: 0.5, height: 0.05 } },
    { name: 'Croissant', priceCents: 350, region: { page: 0, x: 0.1, y: 0.3, width: 0.6, height: 0.05 } },
    { name: 'Menu of the day', priceCents: 1200 },
  ];
  scanner.pages = [{ page: 0, jpeg: await pageJpeg(), width: 400, height: 600 }];
});

async function uploadMenu(v: TestVendor = vendor): Promise<{ uploadId: string; newItems: { _id: string; name: string }[] }> {
  const body = multipart({}, [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data: await pngImage(200, 300) }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/vendor/${v.id}/upload-menu`, payload: body.payload, headers: { ...v.auth, ...body.headers } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const getReview = (uploadId: string, v: TestVendor = vendor, as: TestVendor = v) =>
  t.app.inject({ method: 'GET', url: `/api/vendor/${v.id}/menu-scans/${uploadId}`, headers: as.auth });
const getPage = (uploadId: string, page: number | string, v: TestVendor = vendor, as: TestVendor = v) =>
  t.app.inject({ method: 'GET', url: `/api/vendor/${v.id}/menu-scans/${uploadId}/pages/${page}`, headers: as.auth });
const updateItem = (body: Record<string, unknown>, v: TestVendor = vendor, as: TestVendor = v) =>
  t.app.inject({ method: 'POST', url: `/api/vendor/${v.id}/update-item`, payload: body, headers: as.auth });

async function menu(v: TestVendor = vendor): Promise<{ _id: string; name: string; price: number | '' }[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/vendor/${v.id}`, headers: v.auth })).json().items;
}

describe('GET /api/vendor/:vendorId/menu-scans/:uploadId', () => {
  test("answers the scan's page and where each new item was read; items read without a place have none", async () => {
    const { uploadId, newItems } = await uploadMenu();
    const [flatWhite, croissant] = newItems;

    const response = await getReview(uploadId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uploadId,
      pages: [{ page: 0, width: 400, height: 600 }],
      regions: [
        { itemId: flatWhite!._id, page: 0, x: 0.1, y: 0.2, width: 0.5, height: 0.05 },
        { itemId: croissant!._id, page: 0, x: 0.1, y: 0.3, width: 0.6, height: 0.05 },
      ],
    });
  });

  test('an item removed from the menu leaves the review', async () => {
    const { uploadId, newItems } = await uploadMenu();
    await t.app.inject({ method: 'POST', url: `/api/vendor/${vendor.id}/delete-item`, payload: { itemId: newItems[0]!._id }, headers: vendor.auth });

    const regions: { itemId: string }[] = (await getReview(uploadId)).json().regions;

    expect(regions.map((region) => region.itemId)).toEqual([newItems[1]!._id]);
  });

  test('a PDF text layer (no picture) gives a review without pages or outlines', async () => {
    scanner.pages = [];
    const { uploadId } = await uploadMenu();

    expect((await getReview(uploadId)).json()).toEqual({ uploadId, pages: [], regions: [] });
  });

  test('another store gets 403, and a scan of another store or an unknown one is 404', async () => {
    const { uploadId } = await uploadMenu();
    const other = await createVendor(t);

    expect((await getReview(uploadId, vendor, other)).statusCode).toBe(403);
    expect((await getReview(uploadId, other)).statusCode).toBe(404);
    expect((await getReview('u-unknown')).statusCode).toBe(404);
  });

  test(`a store keeps the pictures of its ${KEPT_SCANS_PER_STORE} newest scans; older ones answer 404`, async () => {
    const uploads: string[] = [];
    for (let n = 0; n <= KEPT_SCANS_PER_STORE; n += 1) {
      scanner.next = [{ name: `Item ${n}`, priceCents: 100 + n, region: { page: 0, x: 0, y: 0, width: 1, height: 0.1 } }];
      uploads.push((await uploadMenu()).uploadId);
      t.clock.advance(1000);
    }

    expect((await getReview(uploads[0]!)).statusCode).toBe(404);
    for (const uploadId of uploads.slice(1)) expect((await getReview(uploadId)).statusCode).toBe(200);
    // The items stay on the menu: only the pictures go.
    expect(await menu()).toHaveLength(KEPT_SCANS_PER_STORE + 1);
  });
});

describe('GET /api/vendor/:vendorId/menu-scans/:uploadId/pages/:page', () => {
  test("answers the page picture as a private JPEG, for the store's owner only", async () => {
    const { uploadId } = await uploadMenu();
    const other = await createVendor(t);

    const response = await getPage(uploadId, 0);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toMatch(/^private/);
    expect(response.rawPayload.equals(scanner.pages[0]!.jpeg)).toBe(true);
    expect((await getPage(uploadId, 0, vendor, other)).statusCode).toBe(403);
    expect((await getPage(uploadId, 0, other)).statusCode).toBe(404);
    expect((await getPage(uploadId, 1)).statusCode).toBe(404);
    expect((await getPage(uploadId, 'first')).statusCode).toBe(400);
  });
});

describe('POST /api/vendor/:vendorId/update-item', () => {
  test('corrects the name and price of an item; the menu shows the correction', async () => {
    const { newItems } = await uploadMenu();
    const itemId = newItems[1]!._id;

    const response = await updateItem({ itemId, itemName: '  Almond   Croissant ', itemPrice: '3.80' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ item: { _id: itemId, name: 'Almond Croissant', price: 3.8, uploadId: expect.any(String) } });
    expect((await menu()).find((item) => item._id === itemId)).toMatchObject({ name: 'Almond Croissant', price: 3.8 });
  });

  test('a field left out keeps its value; an empty price clears it', async () => {
    const itemId = await createMenuItem(t, vendor.id, 'Scone', 275);

    expect((await updateItem({ itemId, itemPrice: 3 })).json().item).toEqual({ _id: itemId, name: 'Scone', price: 3 });
    expect((await updateItem({ itemId, itemName: 'Cheese Scone' })).json().item).toEqual({ _id: itemId, name: 'Cheese Scone', price: 3 });
    expect((await updateItem({ itemId, itemPrice: '' })).json().item).toEqual({ _id: itemId, name: 'Cheese Scone', price: '' });
  });

  test('a blank name or a bad price is a 400 naming the field, and changes nothing', async () => {
    const itemId = await createMenuItem(t, vendor.id, 'Scone', 275);

    const blank = await updateItem({ itemId, itemName: '   ' });
    const badPrice = await updateItem({ itemId, itemName: 'Big Scone', itemPrice: '2.999' });

    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ field: 'itemName', message: 'is required' }]);
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().details).toEqual([expect.objectContaining({ field: 'itemPrice' })]);
    // The add form's limits: more than 0, less than 100,000.
    for (const itemPrice of [0, '0.00', 100000, '250000']) {
      const outOfRange = await updateItem({ itemId, itemPrice });
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json()).toEqual({ error: 'Price must be more than 0 and less than $100,000. Leave it empty for an item without a price.', details: [{ field: 'itemPrice', message: 'must be more than 0 and less than 100000' }] });
    }
    expect(await menu()).toEqual([{ _id: itemId, name: 'Scone', price: 2.75 }]);
  });

  test("another store's item is 404 and stays as it was; another store's session is 403", async () => {
    const other = await createVendor(t);
    const theirs = await createMenuItem(t, other.id, 'Their Tea', 300);

    expect((await updateItem({ itemId: theirs, itemName: 'Mine now' })).statusCode).toBe(404);
    expect((await updateItem({ itemId: theirs, itemName: 'Mine now' }, other, vendor)).statusCode).toBe(403);
    expect(await menu(other)).toEqual([{ _id: theirs, name: 'Their Tea', price: 3 }]);
  });
});
