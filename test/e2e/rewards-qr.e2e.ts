// Rewards and QR in a real browser: set up a punch card through the form, decode the counter QR from the
// screen (and a different one after 'Regenerate now'), and decode the QR inside the downloaded flyer PNG.
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import type { PrintableQrResponse } from '../../src/api/contract/qrcode';
import type { RewardResponse } from '../../src/api/contract/rewards';
import {
  SCREENSHOT_DIR,
  checkA11y,
  hasHorizontalScroll,
  logoPng,
  newPage,
  screenshot,
  signInPage,
  uploadStoreLogo,
  useE2eApp,
  vendorApi,
  type PageHandle,
} from './harness';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });
let handle: PageHandle;
let page: Page;
let flatWhiteId: string;

/** The text of the QR code in a PNG image, or null when none is found. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

/** The counter QR as the customer's phone would read it off the screen. */
async function readScreenQr(): Promise<string | null> {
  // From the top of the page: scrolled, the sticky nav bar would cover part of the code.
  await page.evaluate(() => window.scrollTo(0, 0));
  return decodeQr(await page.getByTestId('qr-code').screenshot());
}

/** Elements (inside `scope`) sticking out past the right edge of the viewport. */
function overflowing(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>(`${selector} *`)]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
  }, scope);
}

const submitButton = (): Locator => page.getByRole('button', { name: 'Update Reward Setup' });

beforeAll(async () => {
  for (const [itemName, itemPrice] of [['Flat White', '4.20'], ['Croissant', '3.50']]) {
    await vendorApi(app.server, app.vendor, 'POST', `/api/vendor/${app.vendor.vendorId}/add-item`, { itemName, itemPrice });
  }
  const { items } = await vendorApi<RewardResponse>(app.server, app.vendor, 'GET', `/api/rewards/${app.vendor.vendorId}`);
  flatWhiteId = items.find((item) => item.name === 'Flat White')?._id ?? '';
  expect(flatWhiteId).not.toBe('');
  await uploadStoreLogo(app.server, app.vendor, await logoPng());
  handle = await newPage(app.browser);
  page = handle.page;
});

describe('Rewards page', () => {
  test("starts from the default reward with an expiry a year ahead (2025-12-31 has passed), and saves a setup made in the form", async () => {
    await signInPage(page, app.server, app.vendor, `/rewards/${app.vendor.vendorId}`);
    await submitButton().waitFor();
    await expect(page.getByLabel('Punches Required').inputValue()).resolves.toBe('10');
    // The default expiry is past, so a new store is offered one a year from today.
    const aYearAhead = new Date();
    aYearAhead.setFullYear(aYearAhead.getFullYear() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    await expect(page.getByLabel('Expiration Date').inputValue()).resolves.toBe(`${aYearAhead.getFullYear()}-${pad(aYearAhead.getMonth() + 1)}-${pad(aYearAhead.getDate())}`);
    expect(await page.getByText(/This date has already passed/).count()).toBe(0);

    await page.getByLabel('Punches Required').fill('150');
    await page.getByLabel('Punches Required').blur();
    await expect(page.getByLabel('Punches Required').inputValue()).resolves.toBe('100');
    await page.getByLabel('Punches Required').fill('8');

    await page.getByLabel('Qualifying Item').click();
    await page.locator('.ant-select-item-option', { hasText: 'Flat White' }).click();

    await page.getByLabel('Expiration Date').click();
    await page.getByLabel('Expiration Date').fill('2027-06-30');
    await page.getByLabel('Expiration Date').press('Enter');

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/rewards/${app.vendor.vendorId}`) && r.request().method() === 'POST');
    await submitButton().click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ stamps: 8, item: flatWhiteId, itemCustom: null, expiry: '2027-06-30' });
    await page.getByText('Reward setup saved').first().waitFor();

    const stored = await vendorApi<RewardResponse>(app.server, app.vendor, 'GET', `/api/rewards/${app.vendor.vendorId}`);
    expect(stored.reward).toEqual({ stamps: 8, item: flatWhiteId, itemCustom: null, expiry: '2027-06-30' });

    // The preview follows the saved setup: 8 icons, 6 of them filled.
    const preview = page.getByTestId('live-preview');
    await preview.getByText('Buy 8 × Flat White, get 1 free').waitFor();
    expect(await preview.locator('[data-stamp]').count()).toBe(8);
    expect(await preview.locator('[data-stamp="filled"]').count()).toBe(6);
  });

  test('reloads the saved setup, and shows every validation message without saving', async () => {
    await page.reload();
    await submitButton().waitFor();
    await expect(page.getByLabel('Punches Required').inputValue()).resolves.toBe('8');
    await expect(page.getByLabel('Expiration Date').inputValue()).resolves.toBe('2027-06-30');

    let posts = 0;
    const countPosts = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && request.url().includes('/api/rewards/')) posts += 1;
    };
    page.on('request', countPosts);
    await page.getByLabel('Punches Required').fill('0');
    await page.getByText('Punches required must be at least 1').waitFor();
    await page.getByLabel('Qualifying Item').click();
    await page.locator('.ant-select-item-option', { hasText: 'Other' }).click();
    await page.getByLabel('Custom qualifying item').fill('   ');
    await submitButton().click();
    await page.getByText('Please specify the qualifying item').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'rewards-validation');
    expect(posts).toBe(0);
    page.off('request', countPosts);
  });

  test('looks right at 1280 px and 768 px, with no accessibility violations', async () => {
    await page.reload();
    await submitButton().waitFor();
    await checkA11y(page, 'on the rewards page');
    await screenshot(page, 'rewards-page-1280');
    await page.setViewportSize({ width: 768, height: 1000 });
    if (await hasHorizontalScroll(page)) throw new Error(`the page scrolls sideways at 768 px: ${(await overflowing(page)).join(', ')}`);
    await screenshot(page, 'rewards-page-768');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('QR code page', () => {
  test('shows a QR of PUBLIC_URL/S/<token> (upper-cased), with the token preview and countdown', async () => {
    await signInPage(page, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
    await page.getByTestId('qr-code').waitFor();
    const decoded = await readScreenQr();
    expect(decoded).toMatch(new RegExp(`^${app.server.baseUrl.toUpperCase().replace(/[.]/g, '\\.')}/S/[A-Z2-7]{51}$`));
    const token = (decoded ?? '').split('/S/')[1];
    await expect(page.getByTestId('token-preview').textContent()).resolves.toBe(`${token.slice(0, 12)}…`);
    await page.getByText(/^Refresh in \d+ s$/).waitFor();
    await page.getByText('Scan This QR Code').waitFor();
    await page.getByText("Present this to your customer's mobile app to scan. A new code is generated every 60 seconds.").waitFor();
    // At 1280 × 800 the code shares the first screen with the hand-over box and the feed beside it.
    await expect(page.getByTestId('qr-code').getAttribute('data-size')).resolves.toBe('340');
    const handOver = await page.getByTestId('live-feed').getByRole('button', { name: 'Hand over' }).boundingBox();
    expect(handOver).not.toBeNull();
    expect((handOver?.y ?? Infinity) + (handOver?.height ?? 0)).toBeLessThanOrEqual(800);
    // 'Link in this code': the copy button copies the link a phone opens, not the bare token.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toMatch(new RegExp(`/s/${token.slice(0, 12)}`, 'i'));
    await checkA11y(page, 'on the QR page');
    await screenshot(page, 'qr-page-1280');
  });

  test("'Regenerate now' shows a different QR, which decodes to a different token", async () => {
    const before = await readScreenQr();
    await page.getByRole('button', { name: 'Regenerate now' }).click();
    const deadline = Date.now() + 10_000;
    let after = before;
    // A read may catch the canvas mid-redraw (null): keep reading until a different code decodes.
    while ((after === before || after === null) && Date.now() < deadline) {
      await page.waitForTimeout(200);
      after = await readScreenQr();
    }
    if (after === null) fs.writeFileSync(path.join(SCREENSHOT_DIR, 'qr-undecodable.png'), await page.getByTestId('qr-code').screenshot());
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect(after?.startsWith(`${app.server.baseUrl.toUpperCase()}/S/`)).toBe(true);
  });

  test('Export PNG downloads the branded flyer, whose QR decodes to the printable token URL', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PNG' }).click()]);
    expect(download.suggestedFilename()).toBe('stampwise-flyer.png');
    const file = path.join(SCREENSHOT_DIR, 'flyer.png');
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await download.saveAs(file);
    const png = fs.readFileSync(file);
    const { width } = PNG.sync.read(png);
    // 480 px flyer captured at scale 2.
    expect(width).toBe(960);
    const printable = await vendorApi<PrintableQrResponse>(app.server, app.vendor, 'POST', '/api/qrcode/printable', { vendorId: app.vendor.vendorId });
    expect(decodeQr(png)).toBe(printable.url);
    expect(printable.url.startsWith(`${app.server.baseUrl.toUpperCase()}/S/`)).toBe(true);
  });

  test('follows a phone-sized container (QR between 160 and 480 px), its content within the screen', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="qr-code"]')?.getAttribute('data-size')) < 480);
    const size = Number(await page.getByTestId('qr-code').getAttribute('data-size'));
    expect(size).toBeGreaterThanOrEqual(160);
    expect(size).toBeLessThan(480);
    // Only the page's own content: the shared nav bar is not this page's to lay out.
    expect(await overflowing(page, 'main')).toEqual([]);
    expect(await readScreenQr()).toMatch(/\/S\//);
    await screenshot(page, 'qr-page-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('logged no errors in the browser console', () => {
    expect(handle.errors).toEqual([]);
  });
});
