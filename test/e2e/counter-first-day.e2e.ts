// A brand-new vendor's first day in a real browser (registration → reward → flyer → first stamp),
// the counter code's size (QR version), the page telling the truth when refreshes fail, counter mode at a
// tablet's and a monitor's size, the printed flyer, and the reload after a redeploy.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import type { PrintableQrResponse, QrTokenResponse } from '../../src/api/contract/qrcode';
import type { FirstDayStatus } from '../../src/api/contract/rewards';
import { logoPng, newPage, screenshot, signInPage, signUpVendor, uploadStoreLogo, useE2eApp, vendorApi, type PageHandle, type SignedUpVendor } from './harness';

/** A LAN name for the counter PC: PUBLIC_URL http://cafe-counter-pc1:<port> is 29 characters (the compact code holds up to 30). */
const PUBLIC_HOST = 'cafe-counter-pc1';
const app = useE2eApp({ publicHost: PUBLIC_HOST, env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Corner Café' } });

/** The QR code in a PNG image: its text and its version (jsQR reads both), or null. */
function decodeQr(png: Buffer): { data: string; version: number } | null {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  return found ? { data: found.data, version: found.version } : null;
}

/** What a customer's phone does with the code's URL: POST its token (a new customer each time). */
async function customerScans(url: string): Promise<number> {
  const token = url.split('/S/')[1] ?? '';
  const response = await fetch(`${app.server.baseUrl}/api/customer/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return response.status;
}

async function saveReward(vendor: SignedUpVendor): Promise<void> {
  await vendorApi(app.server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
}

async function firstDay(vendor: SignedUpVendor): Promise<FirstDayStatus> {
  return vendorApi<FirstDayStatus>(app.server, vendor, 'GET', `/api/rewards/${vendor.vendorId}/first-day`);
}

/** A page button of the nav bar. */
const navButton = (page: Page, name: string) => page.locator('.sw-nav').getByRole('button', { name, exact: true });

/** Elements of `selector` whose box is not wholly inside the viewport. */
function outsideViewport(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const { innerWidth: width, innerHeight: height } = window;
    return list.filter((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return !box || box.top < 0 || box.left < 0 || box.bottom > height + 1 || box.right > width + 1;
    });
  }, selectors);
}

describe('the first day of a brand-new vendor', () => {
  let vendor: SignedUpVendor;
  let handle: PageHandle;
  let page: Page;

  beforeAll(async () => {
    vendor = await signUpVendor(app.server, { company: 'Fresh Start Bakery' });
    handle = await newPage(app.browser);
    page = handle.page;
    // The print dialog would block a real browser; here it is counted instead.
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => {
        (window as unknown as { printCalls: number }).printCalls += 1;
      };
    });
  });
  afterAll(async () => {
    await handle.context.close();
  });

  test('the dashboard says "Set up your reward first" and shows the three-step checklist', async () => {
    await signInPage(page, app.server, vendor);
    await page.getByTestId('set-up-reward-first').getByText('Set up your reward first').waitFor();
    const steps = page.getByTestId('first-day-checklist').locator('li');
    await expect(steps.count()).resolves.toBe(3);
    await expect(steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-done')))).resolves.toEqual(['false', 'false', 'false']);
    await screenshot(page, 'first-day-dashboard-new');
  });

  test('the QR page says so too, and Export PNG asks first', async () => {
    await navButton(page, 'QR Code').click();
    await page.getByTestId('qr-code').waitFor();
    await page.getByTestId('set-up-reward-first').waitFor();
    await page.getByRole('button', { name: 'Export PNG' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: 'Set up your reward first' }).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'first-day-export-guard', { fullPage: false });
    await dialog.getByRole('button', { name: 'Set up reward' }).click();
    await page.waitForURL(`**/rewards/${vendor.vendorId}`);
  });

  test('the Rewards form proposes an expiry in the future; saving it clears the call to action', async () => {
    const expiry = page.getByLabel('Expiration Date');
    await expiry.waitFor();
    expect(await expiry.inputValue() > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(await page.getByText(/This date has already passed/).count()).toBe(0);
    await page.getByLabel('Qualifying Item').click();
    await page.locator('.ant-select-item-option', { hasText: 'Other' }).click();
    await page.getByLabel('Custom qualifying item').fill('Sourdough Loaf');
    await page.getByRole('button', { name: 'Update Reward Setup' }).click();
    await page.getByText('Reward setup saved').first().waitFor();
    await expect(firstDay(vendor)).resolves.toMatchObject({ rewardSaved: true, rewardUsable: true });

    await navButton(page, 'Dashboard').click();
    await page.getByTestId('first-day-checklist').waitFor();
    expect(await page.getByTestId('set-up-reward-first').count()).toBe(0);
    await page.getByTestId('reward-offer').getByText('Buy 10 Sourdough Loaf, get 1 free').waitFor();
    await expect(page.getByTestId('first-day-checklist').locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-done')))).resolves.toEqual(['true', 'false', 'false']);
    await screenshot(page, 'first-day-dashboard-reward-set');
  });

  test('Print flyer prints the flyer alone (store, offer, code) on one A4 or Letter page', async () => {
    await navButton(page, 'QR Code').click();
    await page.getByTestId('qr-code').waitFor();
    await page.getByRole('button', { name: 'Print flyer' }).click();
    await page.waitForFunction(() => (window as unknown as { printCalls: number }).printCalls === 1);
    await page.getByTestId('print-flyer').waitFor({ state: 'attached' });

    await page.emulateMedia({ media: 'print' });
    const visible = await page.evaluate(() => ({
      app: getComputedStyle(document.getElementById('root') ?? document.body).display,
      flyer: getComputedStyle(document.querySelector('.sw-print-root') as Element).display,
    }));
    expect(visible).toEqual({ app: 'none', flyer: 'block' });
    const flyer = page.getByTestId('print-flyer');
    await flyer.getByText('Fresh Start Bakery', { exact: true }).waitFor();
    await flyer.getByText('Buy 10 Sourdough Loaf, get 1 free').waitFor();
    await flyer.getByText('Unlock Your Rewards').waitFor();
    await screenshot(page, 'first-day-print-layout');
    const decoded = decodeQr(await flyer.locator('svg').screenshot());
    const printable = await vendorApi<PrintableQrResponse>(app.server, vendor, 'POST', '/api/qrcode/printable', { vendorId: vendor.vendorId });
    expect(decoded?.data).toBe(printable.url);
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = (await page.pdf({ format, preferCSSPageSize: false })).toString('latin1');
      expect({ format, pages: (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length }).toEqual({ format, pages: 1 });
    }
    await page.emulateMedia({ media: 'screen' });
    await expect(firstDay(vendor)).resolves.toMatchObject({ flyerPrinted: true, firstStamp: false });
  });

  test("the first customer's stamp completes the checklist, which then disappears", async () => {
    const { url } = await vendorApi<QrTokenResponse>(app.server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`);
    expect(await customerScans(url)).toBe(200);
    await navButton(page, 'Dashboard').click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByTestId('reward-offer').waitFor();
    expect(await page.getByTestId('first-day-checklist').count()).toBe(0);
    expect(await page.getByTestId('set-up-reward-first').count()).toBe(0);
    await screenshot(page, 'first-day-dashboard-done');
    expect(handle.errors).toEqual([]);
  });
});

describe('the counter code', () => {
  let handle: PageHandle;
  let page: Page;

  beforeAll(async () => {
    await saveReward(app.vendor);
    await uploadStoreLogo(app.server, app.vendor, await logoPng());
    handle = await newPage(app.browser);
    page = handle.page;
    await page.clock.install();
    await signInPage(page, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
    await page.getByTestId('qr-code').waitFor();
  });
  afterAll(async () => {
    await handle.context.close();
  });

  test('counter and flyer codes are QR version 6 or less at level H, for a 29-character PUBLIC_URL', async () => {
    const screen = decodeQr(await page.getByTestId('qr-code').screenshot());
    expect(screen?.data).toMatch(new RegExp(`^HTTP://${PUBLIC_HOST.toUpperCase()}:\\d+/S/[A-Z2-7]{51}$`));
    expect(screen?.data.split('/S/')[0].length).toBeLessThanOrEqual(30);
    expect(screen?.version).toBeLessThanOrEqual(6);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PNG' }).click()]);
    const flyer = decodeQr(Buffer.from(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks))));
    expect(flyer?.data).toMatch(/\/S\/[A-Z2-7]{51}$/);
    expect(flyer?.version).toBeLessThanOrEqual(6);
    console.log(`QR versions: counter ${screen?.version}, flyer ${flyer?.version}`);
  });

  test('a failed refresh says the connection is lost and how long the code still works', async () => {
    await page.route('**/api/qrcode/generate/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Regenerate now' }).click();
    await page.getByText(/^Connection lost — this code still works for \d+ s$/).waitFor();
    expect(await page.getByText(/^Refresh in/).count()).toBe(0);
    await screenshot(page, 'qr-connection-lost', { fullPage: false });
  });

  test('once its 90 s are over the code is covered as expired, and nobody can read it', async () => {
    await page.clock.fastForward('01:35');
    await page.getByTestId('qr-expired').getByText('Code expired').waitFor();
    await page.getByText(/^Connection lost — trying again/).waitFor();
    await page.waitForTimeout(300);
    expect(decodeQr(await page.getByTestId('qr-code').screenshot())).toBeNull();
    await screenshot(page, 'qr-code-expired', { fullPage: false });
  });

  test('it recovers by itself when the server answers again', async () => {
    await page.unroute('**/api/qrcode/generate/**');
    await page.clock.fastForward('00:31');
    await page.getByText(/^Refresh in \d+ s$/).waitFor();
    expect(await page.getByTestId('qr-expired').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(decodeQr(await page.getByTestId('qr-code').screenshot())?.data).toMatch(/\/S\//);
  });

  test('offline and online events are honoured', async () => {
    await handle.context.setOffline(true);
    await page.clock.fastForward('01:00');
    await page.getByText(/^Connection lost — this code still works for \d+ s$/).waitFor();
    await handle.context.setOffline(false);
    await page.clock.fastForward('00:02');
    await page.getByText(/^Refresh in \d+ s$/).waitFor();
  });

  test('logged nothing but the failed loads that are logged on purpose', () => {
    const unexpected = handle.errors.filter((error) => !/Failed to load QR code|ERR_CONNECTION_REFUSED|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(error));
    expect(unexpected).toEqual([]);
    expect(handle.console.some((line) => line.startsWith('error: Failed to load QR code'))).toBe(true);
  });
});

describe('counter mode', () => {
  for (const viewport of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
    test(`at ${viewport.width}×${viewport.height}: full screen, store and offer, the largest QR, the feed in view; a stamp flashes; Esc leaves`, async () => {
      const handle = await newPage(app.browser, { viewport });
      const { page } = handle;
      try {
        await signInPage(page, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
        await page.getByTestId('qr-code').waitFor();
        await page.getByRole('button', { name: 'Counter mode' }).click();
        const counter = page.getByTestId('counter-screen');
        await counter.waitFor();
        await counter.getByText('Corner Café').waitFor();
        await counter.getByTestId('counter-offer').getByText('Buy 10 Flat White, get 1 free').waitFor();
        await counter.getByText(/^Refresh in \d+ s$/).waitFor();
        await counter.getByTestId('counter-feed').getByTestId('live-status').getByText('Live').waitFor();
        expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);

        const size = Number(await counter.getByTestId('qr-code').getAttribute('data-size'));
        // The QR takes the height left by the name and the countdown: over 60 % of the screen's height.
        expect(size).toBeGreaterThan(viewport.height * 0.6);
        expect(await outsideViewport(page, ['.sw-counter [data-testid="qr-code"]', '.sw-counter__feed', '.sw-counter__status', '.sw-counter__leave'])).toEqual([]);
        await page.waitForTimeout(400);
        // A phone reads the code off the whole screen.
        const whole = decodeQr(await page.screenshot());
        expect(whole?.data).toMatch(/\/S\/[A-Z2-7]{51}$/);
        await screenshot(page, `counter-mode-${viewport.width}`, { fullPage: false });

        expect(await customerScans(whole?.data ?? '')).toBe(200);
        await counter.getByTestId('counter-flash').getByText('Stamp collected!').waitFor();
        await counter.getByTestId('counter-feed').getByText(/collected a stamp/).first().waitFor();
        await screenshot(page, `counter-mode-${viewport.width}-flash`, { fullPage: false });

        await page.keyboard.press('Escape');
        await counter.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.fullscreenElement === null)).toBe(true);
        await page.getByRole('button', { name: 'Counter mode' }).waitFor();
        expect(handle.errors).toEqual([]);
      } finally {
        await handle.context.close();
      }
    });
  }

  test('the live feed shows the earlier stamps of today when opened', async () => {
    const handle = await newPage(app.browser);
    try {
      await signInPage(handle.page, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
      const lines = handle.page.getByTestId('live-feed').locator('.sw-live-feed__line');
      await lines.first().waitFor();
      expect(await lines.count()).toBeGreaterThanOrEqual(2);
    } finally {
      await handle.context.close();
    }
  });
});

describe('navigation and deploys', () => {
  test('a route change starts at the top of the page', async () => {
    const handle = await newPage(app.browser, { viewport: { width: 1280, height: 600 } });
    const { page } = handle;
    try {
      await signInPage(page, app.server, app.vendor, `/rewards/${app.vendor.vendorId}`);
      await page.getByRole('button', { name: 'Update Reward Setup' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await navButton(page, 'QR Code').click();
      await page.getByTestId('qr-code').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The whole code is on screen, under the sticky header: a whole-screen decode works.
      await page.waitForTimeout(300);
      expect(decodeQr(await page.screenshot())?.data).toMatch(/\/S\//);
    } finally {
      await handle.context.close();
    }
  });

  test('a page chunk gone after a redeploy reloads the app once, then offers "A new version is available — Reload"', async () => {
    const handle = await newPage(app.browser);
    const { page } = handle;
    try {
      await signInPage(page, app.server, app.vendor);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      // Every script loaded so far stays; any other one (the next page's chunk) is gone, as after a redeploy.
      const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)));
      await page.route('**/*.js', (route) => (loaded.has(route.request().url()) ? route.continue() : route.fulfill({ status: 404, body: 'gone' })));
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await navButton(page, 'Rewards').click();
      // It reloaded once by itself; the chunk is still missing, so it offers the reload instead of looping.
      await page.getByText('A new version is available').waitFor();
      await page.waitForTimeout(1500);
      expect(loads).toBe(1);
      await screenshot(page, 'new-version-available', { fullPage: false });

      await page.unroute('**/*.js');
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.getByRole('button', { name: 'Update Reward Setup' }).waitFor();
    } finally {
      await handle.context.close();
    }
  });
});
