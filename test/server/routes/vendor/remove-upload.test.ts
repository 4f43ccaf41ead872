// Taking back a bad read: each scanned item carries its upload's id, and
// POST /api/vendor/:vendorId/remove-upload deletes exactly that upload's items.
import { buildTestApp, type TestApp } from '../../helpers';
import { createMenuItem, createVendor, type TestVendor, multipart, pngImage } from '../../factories';
import type { MenuScanner, ScannedItem } from '../../../../server/menu-scan';

let t: TestApp;
let next: ScannedItem[] = [];
let vendor: TestVendor;

beforeAll(async () => {
  const scanner: MenuScanner = { scan: async () => next, close: async () => undefined };
  t = await buildTestApp({ menuScanner: scanner });
});
afterAll(() => t.close());
beforeEach(async () => {
  vendor = await createVendor(t);
});

async function upload(items: ScannedItem[], v: TestVendor = vendor): Promise<{ newItems: { _id: string; uploadId?: string }[]; uploadId: string }> {
  next = items;
  const body = multipart({}, [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data: await pngImage(200, 100) }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/vendor/${v.id}/upload-menu`, payload: body.payload, headers: { ...v.auth, ...body.headers } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const removeUpload = (uploadId: string, v: TestVendor = vendor, auth = v.auth) =>
  t.app.inject({ method: 'POST', url: `/api/vendor/${v.id}/remove-upload`, payload: { uploadId }, headers: auth });

async function menu(v: TestVendor = vendor): Promise<{ name: string; uploadId?: string }[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/vendor/${v.id}`, headers: v.auth })).json().items;
}

describe('POST /api/vendor/:vendorId/remove-upload', () => {
  test('removes exactly the items one upload added; hand-made items and other uploads stay', async () => {
    await createMenuItem(t, vendor.id, 'Flat White', 420);
    const first = await upload([{ name: 'Croissant', priceCents: 300 }, { name: 'Scone', priceCents: 250 }]);
    const second = await upload([{ name: 'FIA WHILE', priceCents: 2000 }, { name: 'Espresso', priceCents: 280 }]);
    expect(first.uploadId).not.toBe(second.uploadId);
    expect(second.newItems.every((item) => item.uploadId === second.uploadId)).toBe(true);
    expect((await menu()).find((item) => item.name === 'Scone')?.uploadId).toBe(first.uploadId);

    const response = await removeUpload(second.uploadId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ removed: 2 });
    expect((await menu()).map((item) => item.name)).toEqual(['Flat White', 'Croissant', 'Scone']);
    // Again: nothing left to remove.
    expect((await removeUpload(second.uploadId)).json()).toEqual({ removed: 0 });
  });

  test("never touches another vendor's items, and only the owner may ask", async () => {
    const other = await createVendor(t);
    const theirs = await upload([{ name: 'Mocha', priceCents: 500 }], other);

    expect((await removeUpload(theirs.uploadId)).json()).toEqual({ removed: 0 });
    expect((await removeUpload(theirs.uploadId, other, vendor.auth)).statusCode).toBe(403);
    expect((await menu(other)).map((item) => item.name)).toEqual(['Mocha']);
  });
});
