// Menu scanning: POST /api/vendor/:vendorId/upload-menu (file checks, scanner answers and errors,
// duplicates skipped, one scan per vendor) and the registration menus of processPendingMenuUploads.
import crypto from 'node:crypto';
import { buildTestApp, type TestApp } from '../../helpers';
import {
  createMenuItem,
  createVendor,
  type TestVendor,
  decompressionBombPng,
  gifImage,
  multipart,
  pdfMenu,
  pngImage,
  textPretendingToBePng,
  type FilePart,
} from '../../factories';
import { MenuScanRejected, parseMenuText, type MenuFileKind, type MenuScanner, type ScannedItem } from '../../../../server/menu-scan';
import { processPendingMenuUploads } from '../../../../server/services/menu/pending-uploads';
import { MAX_CONCURRENT_SCANS } from '../../../../server/services/menu/scan-queue';

/** A scanner the test steers: records its calls, answers `next`, or runs `behaviour` instead. */
function steerableScanner() {
  const calls: { kind: MenuFileKind; bytes: number }[] = [];
  const scanner = {
    calls,
    next: [] as ScannedItem[],
    behaviour: null as null | (() => Promise<ScannedItem[]>),
    async scan(file: Buffer, kind: MenuFileKind) {
      calls.push({ kind, bytes: file.length });
      return scanner.behaviour ? scanner.behaviour() : scanner.next;
    },
    close: async () => undefined,
  };
  return scanner;
}

let t: TestApp;
let scanner: ReturnType<typeof steerableScanner>;
let vendor: TestVendor;

beforeAll(async () => {
  scanner = steerableScanner();
  t = await buildTestApp({ menuScanner: scanner satisfies MenuScanner });
});
afterAll(() => t.close());
beforeEach(async () => {
  scanner.calls.length = 0;
  scanner.next = [];
  scanner.behaviour = null;
  vendor = await createVendor(t);
});

const menuPart = (data: Buffer, filename = 'menu.png', contentType = 'image/png'): FilePart => ({ field: 'menu', filename, contentType, data });

function uploadMenu(files: FilePart[], v: TestVendor = vendor) {
  const body = multipart({}, files);
  return t.app.inject({ method: 'POST', url: `/api/vendor/${v.id}/upload-menu`, payload: body.payload, headers: { ...v.auth, ...body.headers } });
}

async function menuNames(v: TestVendor = vendor): Promise<string[]> {
  const items: { name: string }[] = (await t.app.inject({ method: 'GET', url: `/api/vendor/${v.id}`, headers: v.auth })).json().items;
  return items.map((item) => item.name);
}

describe('POST /api/vendor/:vendorId/upload-menu', () => {
  test('adds the scanned items the menu lacks and answers them, skipping duplicates of any case', async () => {
    await createMenuItem(t, vendor.id, 'Flat White', 420);
    scanner.next = [
      { name: 'flat white', priceCents: 450 },
      { name: 'Croissant', priceCents: 300 },
      { name: 'Banana  Bread', priceCents: null },
      { name: 'CROISSANT', priceCents: 320 },
      { name: '   ', priceCents: 100 },
    ];

    const response = await uploadMenu([menuPart(await pngImage(200, 100))]);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      newItems: [
        { _id: expect.any(String), name: 'Croissant', price: 3, uploadId: expect.any(String) },
        { _id: expect.any(String), name: 'Banana Bread', price: '', uploadId: expect.any(String) },
      ],
      uploadId: expect.any(String),
      alreadyOnMenu: 1,
    });
    expect(await menuNames()).toEqual(['Flat White', 'Croissant', 'Banana Bread']);
    expect(scanner.calls).toEqual([{ kind: 'png', bytes: expect.any(Number) }]);
  });

  test('answers newItems [] with how many found items the menu already had, when every one was there', async () => {
    await createMenuItem(t, vendor.id, 'Latte');
    await createMenuItem(t, vendor.id, 'Scone');
    scanner.next = [{ name: 'LATTE', priceCents: 400 }, { name: 'scone', priceCents: 300 }, { name: 'Latte', priceCents: 410 }];
    const response = await uploadMenu([menuPart(await pngImage())]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ newItems: [], uploadId: expect.any(String), alreadyOnMenu: 2 });
  });

  test.each([
    ['VND', 'Phở bò    65.000 ₫\nBánh mì    45k\nRượu vang    1.250.000 ₫', [65000, 45000, 1250000]],
    ['KRW', '김치찌개    ₩26,000\n불고기    ₩32,000', [26000, 32000]],
    ['IDR', 'Nasi goreng    Rp 150.000\nEs teh    Rp 8.000', [150000, 8000]],
  ])('a %s store keeps the prices its page was read with, within its own limit', async (currency, page, prices) => {
    const store = await createVendor(t, { currency });
    scanner.behaviour = async () => parseMenuText(page);

    const response = await uploadMenu([menuPart(await pngImage())], store);

    expect(response.statusCode).toBe(200);
    expect(response.json().newItems.map((item: { price: number | '' }) => item.price)).toEqual(prices);
  });

  test('a price past the store\'s limit is read as none: 250,000 in a dollar store, not in a dong one', async () => {
    scanner.next = [{ name: 'Phở bò', priceCents: 25_000_000 }];
    expect((await uploadMenu([menuPart(await pngImage())])).json().newItems.map((item: { price: number | '' }) => item.price)).toEqual(['']);
    const store = await createVendor(t, { currency: 'VND' });
    expect((await uploadMenu([menuPart(await pngImage())], store)).json().newItems.map((item: { price: number | '' }) => item.price)).toEqual([250000]);
  });

  test('answers newItems [] and alreadyOnMenu 0 when the scanner finds nothing', async () => {
    const response = await uploadMenu([menuPart(await pngImage())]);
    expect(response.json()).toEqual({ newItems: [], uploadId: expect.any(String), alreadyOnMenu: 0 });
  });

  test('accepts a PDF and a JPEG, and tells the scanner which it is', async () => {
    scanner.next = [{ name: 'Scone', priceCents: 350 }];
    const pdf = await uploadMenu([menuPart(await pdfMenu(), 'menu.pdf', 'application/pdf')]);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().newItems).toEqual([{ _id: expect.any(String), name: 'Scone', price: 3.5, uploadId: expect.any(String) }]);

    const jpeg = await uploadMenu([menuPart(await (await import('sharp')).default({ create: { width: 50, height: 50, channels: 3, background: '#fff' } }).jpeg().toBuffer(), 'menu.jpg', 'image/jpeg')]);
    expect(jpeg.statusCode).toBe(200);
    expect(scanner.calls.map((call) => call.kind)).toEqual(['pdf', 'jpeg']);
  });

  test.each([
    ['no file at all', 400, async () => [] as FilePart[]],
    ['an empty file', 400, async () => [menuPart(Buffer.alloc(0))]],
    ['text named menu.png', 415, async () => [menuPart(textPretendingToBePng)]],
    ['a GIF', 415, async () => [menuPart(await gifImage(), 'menu.gif', 'image/gif')]],
    ['random bytes named menu.pdf', 415, async () => [menuPart(crypto.randomBytes(4096), 'menu.pdf', 'application/pdf')]],
    ['a truncated PNG', 400, async () => {
      const png = await pngImage(300, 300);
      return [menuPart(png.subarray(0, Math.floor(png.length * 0.6)))];
    }],
    ['a truncated PDF', 400, async () => {
      const pdf = await pdfMenu();
      return [menuPart(pdf.subarray(0, Math.floor(pdf.length / 2)), 'menu.pdf', 'application/pdf')];
    }],
    ['a file over 10 MB', 413, async () => [menuPart(Buffer.concat([await pngImage(), crypto.randomBytes(10 * 1024 * 1024)]))]],
    ['a 20,000 × 20,000 PNG', 413, async () => [menuPart(decompressionBombPng())]],
  ])('refuses %s with %i before scanning, adding nothing', async (_label, status, files) => {
    scanner.next = [{ name: 'Should Not Appear', priceCents: 100 }];

    const response = await uploadMenu(await files());

    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: expect.any(String), ...(response.json().details ? { details: expect.any(Array) } : {}) });
    expect(scanner.calls).toEqual([]);
    expect(await menuNames()).toEqual([]);
  });

  test("a scanner failure is 422 'We could not read this menu.'", async () => {
    scanner.behaviour = async () => {
      throw new Error('tesseract exploded');
    };
    const response = await uploadMenu([menuPart(await pngImage())]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'We could not read this menu.' });
  });

  test.each([
    ['image-too-large' as const, 413],
    ['timeout' as const, 422],
  ])("the scanner's refusal %s keeps its status %i", async (reason, status) => {
    scanner.behaviour = async () => {
      throw new MenuScanRejected(reason, 'refused');
    };
    const response = await uploadMenu([menuPart(await pngImage())]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  test('one scan per vendor at a time: a second upload meanwhile is 429, other vendors go ahead', async () => {
    let finish: (items: ScannedItem[]) => void = () => undefined;
    let started: () => void = () => undefined;
    const scanStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    scanner.behaviour = () => {
      started();
      return new Promise<ScannedItem[]>((resolve) => {
        finish = resolve;
      });
    };
    const png = await pngImage();
    const first = uploadMenu([menuPart(png)]);
    await scanStarted;

    const second = await uploadMenu([menuPart(png)]);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ error: 'A menu is already being scanned. Please wait for it to finish.' });

    scanner.behaviour = null;
    scanner.next = [{ name: 'Neighbour Item', priceCents: 100 }];
    const neighbour = await createVendor(t);
    expect((await uploadMenu([menuPart(png)], neighbour)).statusCode).toBe(200);

    finish([{ name: 'Slow Item', priceCents: 200 }]);
    expect((await first).json().newItems.map((item: { name: string }) => item.name)).toEqual(['Slow Item']);
    // Once it is done, the vendor may scan again.
    expect((await uploadMenu([menuPart(png)])).statusCode).toBe(200);
  });

  test(`at most ${MAX_CONCURRENT_SCANS} scans run at once on the server; one more is 429 until one ends`, async () => {
    const waiting: (() => void)[] = [];
    let started = 0;
    scanner.behaviour = () => {
      started += 1;
      return new Promise<ScannedItem[]>((resolve) => waiting.push(() => resolve([])));
    };
    const png = await pngImage();
    const vendors = await Promise.all(Array.from({ length: MAX_CONCURRENT_SCANS + 1 }, () => createVendor(t)));
    const running = vendors.slice(0, MAX_CONCURRENT_SCANS).map((v) => uploadMenu([menuPart(png)], v));
    while (started < MAX_CONCURRENT_SCANS) await new Promise((resolve) => setTimeout(resolve, 5));

    const extra = await uploadMenu([menuPart(png)], vendors[MAX_CONCURRENT_SCANS]);
    expect(extra.statusCode).toBe(429);
    expect(extra.json()).toEqual({ error: 'The menu scanner is busy. Please try again in a minute.' });

    waiting.forEach((finish) => finish());
    expect((await Promise.all(running)).map((response) => response.statusCode)).toEqual(Array(MAX_CONCURRENT_SCANS).fill(200));
    scanner.behaviour = null;
    expect((await uploadMenu([menuPart(png)], vendors[MAX_CONCURRENT_SCANS])).statusCode).toBe(200);
  });

  test('a vendor may start at most 10 scans a minute', async () => {
    const png = await pngImage();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await uploadMenu([menuPart(png)])).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // Limits are per vendor: a neighbour on the same address is not affected.
    expect((await uploadMenu([menuPart(png)], await createVendor(t))).statusCode).toBe(200);
  });
});

describe('processPendingMenuUploads (the menu sent with registration)', () => {
  const quiet = { info: () => undefined, error: () => undefined };

  async function queueUpload(v: TestVendor, kind: string, data: Buffer): Promise<string> {
    const id = crypto.randomUUID();
    t.clock.advance(1);
    await t.db.kysely
      .insertInto('menu_uploads')
      .values({ id, vendor_id: v.id, kind, data, status: 'pending', created_at: t.clock.now() })
      .execute();
    return id;
  }

  async function uploadRow(id: string) {
    return t.db.kysely.selectFrom('menu_uploads').select(['status', 'data']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  test('scans pending uploads oldest first, adds their items, marks them done or failed and drops the file', async () => {
    const other = await createVendor(t);
    await createMenuItem(t, vendor.id, 'Mocha');
    const good = await queueUpload(vendor, 'png', await pngImage(120, 60));
    const garbage = await queueUpload(other, 'png', textPretendingToBePng);
    const pdf = await queueUpload(other, 'pdf', await pdfMenu());
    const answers: ScannedItem[][] = [
      [{ name: 'mocha', priceCents: 500 }, { name: 'Chai Latte', priceCents: 480 }],
      [{ name: 'Toastie', priceCents: 900 }],
    ];
    scanner.behaviour = async () => answers.shift() ?? [];

    await processPendingMenuUploads(t.deps, quiet);

    expect(await menuNames()).toEqual(['Mocha', 'Chai Latte']);
    expect(await menuNames(other)).toEqual(['Toastie']);
    expect(scanner.calls.map((call) => call.kind)).toEqual(['png', 'pdf']);
    for (const [id, status] of [[good, 'done'], [garbage, 'failed'], [pdf, 'done']] as const) {
      const row = await uploadRow(id);
      expect(row.status).toBe(status);
      expect(row.data.length).toBe(0);
    }
  });

  test('a scanner failure marks the upload failed and the next one is still scanned', async () => {
    const broken = await queueUpload(vendor, 'png', await pngImage(90, 45));
    const fine = await queueUpload(vendor, 'png', await pngImage(91, 45));
    let call = 0;
    scanner.behaviour = async () => {
      call += 1;
      if (call === 1) throw new Error('OCR worker died');
      return [{ name: 'Pie', priceCents: 650 }];
    };
    const errors: string[] = [];
    const log = { info: () => undefined, error: (_details: object, message: string) => void errors.push(message) };

    await processPendingMenuUploads(t.deps, log);

    expect((await uploadRow(broken)).status).toBe('failed');
    expect((await uploadRow(fine)).status).toBe('done');
    expect(await menuNames()).toEqual(['Pie']);
    expect(errors).toContain('menu scan failed');
  });

  test('calls during a run are queued, never run twice at once, and all pending uploads get done', async () => {
    const queued = [await queueUpload(vendor, 'png', await pngImage(70, 35)), await queueUpload(vendor, 'png', await pngImage(71, 35))];
    let active = 0;
    let maxActive = 0;
    scanner.behaviour = async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 20));
      active -= 1;
      return [];
    };

    const runs = [processPendingMenuUploads(t.deps, quiet), processPendingMenuUploads(t.deps, quiet)];
    queued.push(await queueUpload(vendor, 'png', await pngImage(72, 35)));
    runs.push(processPendingMenuUploads(t.deps, quiet));
    await Promise.all(runs);

    expect(maxActive).toBe(1);
    expect(scanner.calls).toHaveLength(3);
    for (const id of queued) expect((await uploadRow(id)).status).toBe('done');
  });
});
