// POST /api/vendor/:vendorId/upload-menu wired to the real local scanner (a PDF's text layer, so
// no OCR): the route, the file checks and the scanner agree on what a menu file is.
import { buildTestApp, type TestApp } from '../../helpers';
import { createVendor, multipart, pdfMenu } from '../../factories';
import { createLocalMenuScanner } from '../../../../server/menu-scan';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ menuScanner: createLocalMenuScanner() });
});
afterAll(async () => {
  await t.deps.menuScanner.close();
  await t.close();
});

describe('POST /api/vendor/:vendorId/upload-menu with the real local scanner', () => {
  test('reads the items of a PDF menu and adds them', async () => {
    const owner = await createVendor(t);
    const body = multipart({}, [{ field: 'menu', filename: 'menu.pdf', contentType: 'application/pdf', data: await pdfMenu(['Flat White ..... 4.20', 'Croissant ..... 3.00']) }]);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/${owner.id}/upload-menu`,
      payload: body.payload,
      headers: { ...owner.auth, ...body.headers },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().newItems.map((item: { name: string; price: number }) => [item.name, item.price])).toEqual([
      ['Flat White', 4.2],
      ['Croissant', 3],
    ]);
  });
});
