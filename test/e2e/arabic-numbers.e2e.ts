// Numbers in Arabic on a 390 px phone whose browser is set to ar-EG (where Intl writes Arabic-Indic digits
// unless told otherwise): prices, stamp counts, dates and the dashboard's figures all in Latin digits, as the
// server's sentences and codes are, so no screen mixes the two systems. The screenshots show the order.
import type { Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { hasHorizontalScroll, settledScreenshot, signInPage, useE2eApp, vendorApi } from './harness';
import { openIn, PHONE } from './languages';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });

beforeAll(async () => {
  const { vendorId } = app.vendor;
  await vendorApi(app.server, app.vendor, 'POST', `/api/vendor/${vendorId}/add-item`, { itemName: 'Flat White', itemPrice: 3.5 });
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${vendorId}`, { stamps: 12, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  await vendorApi(app.server, app.vendor, 'PUT', `/api/rewards/${vendorId}/settings`, { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: 30 });
});

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/u;

/** The page's visible lines holding an Arabic-Indic digit. */
const arabicIndicLines = (page: Page) =>
  page.evaluate((pattern) => document.body.innerText.split('\n').filter((line) => new RegExp(pattern, 'u').test(line)), ARABIC_INDIC.source);

it('the stamp page and the card: stamp count, reward and expiry date in Latin digits', async () => {
  const { context, page } = await openIn(app.browser, 'ar-EG', PHONE);
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  await page.goto(qr.url);
  await page.getByText('1 / 12').waitFor();
  await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
  await expect(arabicIndicLines(page)).resolves.toEqual([]);
  await expect(hasHorizontalScroll(page)).resolves.toBe(false);
  await settledScreenshot(page, 'arabic-numbers-stamp-390');

  await page.goto(`${app.server.baseUrl}/wallet`);
  await page.getByText('1 / 12').first().waitFor();
  await page.getByText('1 / 12').first().click();
  // The expiry date is written in Arabic (the month's name too), not in English.
  const expiry = page.getByText(/^تنتهي صلاحية طوابعك/u);
  await expiry.waitFor();
  await expect(expiry.textContent()).resolves.not.toMatch(/[A-Za-z]/u);
  await expect(arabicIndicLines(page)).resolves.toEqual([]);
  await expect(hasHorizontalScroll(page)).resolves.toBe(false);
  await settledScreenshot(page, 'arabic-numbers-card-390');
  await context.close();
});

it('the vendor dashboard and rewards: figures, dates and prices in Latin digits', async () => {
  const { context, page } = await openIn(app.browser, 'ar-EG', PHONE);
  await signInPage(page, app.server, app.vendor);
  await page.locator('main h1').first().waitFor();
  await page.locator('html[dir="rtl"]').waitFor();
  await page.waitForLoadState('networkidle');
  await expect(arabicIndicLines(page)).resolves.toEqual([]);
  await settledScreenshot(page, 'arabic-numbers-dashboard-390');

  await page.goto(`${app.server.baseUrl}/rewards/${app.vendor.vendorId}`);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect(arabicIndicLines(page)).resolves.toEqual([]);
  await expect(hasHorizontalScroll(page)).resolves.toBe(false);
  await settledScreenshot(page, 'arabic-numbers-rewards-390');
  await context.close();
});
