// The card page on a phone when the server offers both Apple Wallet and Google Wallet (throw-away Apple
// certificates, a fake Google on 127.0.0.1): the two badges sit one above the other on the same centre line,
// and on the narrowest phone (320 px) the page does not scroll sideways.
import type { Browser, Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../server/apple-certificates';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../support/fake-google-wallet';
import { hasHorizontalScroll, launchBrowser, newPage, screenshot, signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from './harness';

let certs: TestAppleCertificates;
let google: FakeGoogleWallet;
let server: E2eServer;
let browser: Browser;
let vendor: SignedUpVendor;

beforeAll(async () => {
  certs = makeTestAppleCertificates();
  google = await startFakeGoogleWallet();
  server = await startServer({ ...certs.env, ...google.env, STAMP_COOLDOWN_MINUTES: '0' });
  browser = await launchBrowser();
  vendor = await signUpVendor(server, { company: 'Café Luna' });
  await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
  certs?.remove();
});

/** A phone of `width` that has collected one stamp, on its card's page with both badges shown. */
async function cardPageAt(width: number): Promise<Page> {
  const { page } = await newPage(browser, { viewport: { width, height: 800 }, isMobile: true });
  const qr = await vendorApi<QrTokenResponse>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`);
  await page.goto(qr.url);
  await page.getByText('1 / 10').waitFor();
  await page.goto(`${server.baseUrl}/wallet`);
  await page.locator('a[href^="/wallet/"]').first().click();
  await page.getByRole('button', { name: 'Add to Apple Wallet' }).waitFor();
  await page.getByRole('button', { name: 'Add the Café Luna card to Google Wallet' }).waitFor();
  return page;
}

const centreOf = async (page: Page, name: string) => {
  const box = await page.getByRole('button', { name }).boundingBox();
  return box ? Math.round(box.x + box.width / 2) : NaN;
};

describe.each([390, 320])('the card page on a %i px phone with both wallets offered', (width) => {
  it('shows "Add to Apple Wallet" and "Add to Google Wallet" centred on the same line, with no sideways scrolling', async () => {
    const page = await cardPageAt(width);
    await screenshot(page, `wallet-badges-${width}`);
    expect(await centreOf(page, 'Add the Café Luna card to Google Wallet')).toBe(await centreOf(page, 'Add to Apple Wallet'));
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
