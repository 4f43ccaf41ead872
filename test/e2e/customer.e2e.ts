// The customer's side in a real browser on a phone-sized screen: a vendor sets up a reward and shows
// a QR code; the customer opens its URL, collects stamps, fills the card, claims the reward and sees
// the reward-ready screen; then the wallet. Screenshots of every screen go to test-results/screenshots.
import type { Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import {
  checkA11y,
  hasHorizontalScroll,
  logoPng,
  newPage,
  screenshot,
  signUpVendor,
  uploadStoreLogo,
  imageShows,
  useE2eApp,
  vendorApi,
  type PageHandle,
} from './harness';

const PHONE = { width: 390, height: 844 };

// No cooldown, so the test can fill a 2-stamp card with two fresh codes in a row.
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Bean There Café' } });
let handle: PageHandle;
let page: Page;

/** Waits until every one-off animation (the stamp landing, the count popping) has finished. */
async function animationsSettled(): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState === 'finished'),
  );
}

/** A fresh QR url, as the vendor's QR page would show it. */
async function qrUrl(): Promise<string> {
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  // The origin upper-cased and /S/, so the whole URL is in the QR code's compact alphanumeric mode.
  expect(qr.url).toBe(`${app.server.baseUrl.toUpperCase()}/S/${qr.token}`);
  return qr.url;
}

beforeAll(async () => {
  await uploadStoreLogo(app.server, app.vendor, await logoPng());
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 2, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  handle = await newPage(app.browser, { viewport: PHONE, isMobile: true });
  page = handle.page;
});

describe('customer: scan, collect, fill the card, claim (390 × 844 phone)', () => {
  it('collects the first stamp from the QR url, with the store, the reward and the card', async () => {
    await page.goto(await qrUrl());
    await page.getByText('1 / 2').waitFor();
    await expect(page.getByRole('heading', { level: 1, name: 'Bean There Café' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Buy 2 Flat White, get 1 free').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('status').textContent()).resolves.toContain('Stamp collected! 1 more for your free Flat White');
    await expect(imageShows(page.getByRole('img', { name: 'Bean There Café logo' }))).resolves.toBe(true);
    // No vendor navigation on the customer's page.
    await expect(page.getByRole('button', { name: 'Dashboard' }).count()).resolves.toBe(0);
    // The credential lives under its own key; the vendor's 'token' is untouched.
    const stored = await page.evaluate(() => ({ customer: localStorage.getItem('stampwise.customer'), token: localStorage.getItem('token') }));
    expect(stored.customer).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.token).toBeNull();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await animationsSettled();
    await screenshot(page, 'customer-1-stamp-collected');
    await checkA11y(page, 'on the scan page');
  });

  it('refuses the same code a second time with a clear message', async () => {
    await page.reload();
    await page.getByRole('alert').waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('You already collected a stamp with this code');
    await expect(page.getByText('1 / 2').isVisible()).resolves.toBe(true);
    await screenshot(page, 'customer-2-refused');
  });

  it('fills the card with a second fresh code and claims the reward: the reward-ready screen runs live', async () => {
    await page.goto(await qrUrl());
    await page.getByText('2 / 2').waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Your card is full — claim your free Flat White!');
    await animationsSettled();
    await screenshot(page, 'customer-3-card-full');

    await page.getByRole('button', { name: 'Claim reward' }).click();
    await page.getByText('Claim your reward now?').waitFor();
    await screenshot(page, 'customer-4-claim-confirm');
    await page.getByRole('button', { name: 'Claim now' }).click();

    const ready = page.getByRole('dialog', { name: 'Reward ready — show this to staff' });
    await ready.waitFor();
    await expect(ready.getByText('Flat White', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(ready.getByText('Bean There Café').isVisible()).resolves.toBe(true);
    const clock = ready.getByTestId('live-clock');
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    // The clock runs: a screenshot would not.
    await page.waitForFunction((before) => document.querySelector('[data-testid="live-clock"]')?.textContent !== before, first, { timeout: 5000 });
    // And the screen moves (CSS animations run on it).
    const animations = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
    expect(animations).toBeGreaterThan(0);
    await screenshot(page, 'customer-5-reward-ready', { fullPage: false });
    await checkA11y(page, 'on the reward-ready screen');

    await ready.getByRole('button', { name: 'Done' }).click();
    await page.getByText('0 / 2').waitFor();
    await expect(page.getByRole('button', { name: 'Claim reward' }).count()).resolves.toBe(0);
  });

  it("collects a stamp at a second store, on a 10-stamp card", async () => {
    const bakery = await signUpVendor(app.server, { company: 'Harbour Bakery' });
    await vendorApi(app.server, bakery, 'POST', `/api/rewards/${bakery.vendorId}`, { stamps: 10, item: null, itemCustom: 'Almond croissant', expiry: '2030-12-31' });
    const qr = await vendorApi<QrTokenResponse>(app.server, bakery, 'GET', `/api/qrcode/generate/${bakery.vendorId}`);
    await page.goto(qr.url);
    await page.getByText('1 / 10').waitFor();
    // Level 1: the store section under the card, read just after the stamp shows, names the store in a heading too.
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Bakery' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Buy 10 Almond croissant, get 1 free').isVisible()).resolves.toBe(true);
    await animationsSettled();
    await screenshot(page, 'customer-8-second-store');
  });

  it("lists the customer's cards across stores in the wallet and opens one", async () => {
    await page.getByRole('link', { name: 'Open my wallet' }).click();
    await page.getByRole('heading', { name: 'My stamp cards' }).waitFor();
    await expect(page.getByRole('link', { name: /Harbour Bakery/ }).textContent()).resolves.toContain('1 / 10');
    const card = page.getByRole('link', { name: /Bean There Café/ });
    await expect(card.textContent()).resolves.toContain('0 / 2');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'customer-6-wallet');
    await checkA11y(page, 'on the wallet');

    await card.click();
    await page.getByRole('heading', { name: 'Recent rewards' }).waitFor();
    await expect(page.getByText('0 / 2').isVisible()).resolves.toBe(true);
    await screenshot(page, 'customer-7-card');
    // The one failed request is the refusal above (409), which the browser logs as a console error.
    expect(handle.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });

  it('shows a new phone an empty wallet, and a forged code a clear refusal', async () => {
    const fresh = await newPage(app.browser, { viewport: PHONE, isMobile: true });
    try {
      await fresh.page.goto(`${app.server.baseUrl}/wallet`);
      await fresh.page.getByRole('heading', { name: 'No stamp cards yet' }).waitFor();
      await screenshot(fresh.page, 'customer-9-empty-wallet');
      await checkA11y(fresh.page, 'on the empty wallet');

      await fresh.page.goto(`${app.server.baseUrl}/s/not-a-real-code`);
      await fresh.page.getByRole('alert').waitFor();
      await expect(fresh.page.getByRole('alert').textContent()).resolves.toContain('This code is not a valid Stampwise code — scan the code on the counter again');
      await screenshot(fresh.page, 'customer-10-forged-code');
      await expect(fresh.page.evaluate(() => localStorage.getItem('stampwise.customer'))).resolves.toBeNull();
    } finally {
      await fresh.context.close();
    }
  });
});
