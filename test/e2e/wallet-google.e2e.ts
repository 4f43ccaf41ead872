// Google Wallet in a real browser, against a fake Google (Wallet API and token endpoint on 127.0.0.1): the
// phone scans, adds the card to Google Wallet from its wallet page, scans again, and the fake Google receives
// the PATCH with the new balance — nothing for the customer to do for the saved pass to update.
import type { Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../support/fake-google-wallet';
import { newPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const PHONE = { width: 390, height: 844 };

let fake: FakeGoogleWallet;
// Filled before the app starts: this file's first beforeAll runs before useE2eApp's.
const env: Record<string, string> = { STAMP_COOLDOWN_MINUTES: '0' };
beforeAll(async () => {
  fake = await startFakeGoogleWallet();
  Object.assign(env, fake.env);
});
afterAll(async () => fake?.close());

const app = useE2eApp({ env, vendor: { company: 'Café Luna' } });
let handle: PageHandle;
let page: Page;

async function qrUrl(): Promise<string> {
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  return qr.url;
}

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  handle = await newPage(app.browser, { viewport: PHONE, isMobile: true });
  page = handle.page;
  // The save link goes to Google: answered here, so the test never leaves this machine.
  await page.route('https://pay.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Wallet</title><p>Saved</p>' }));
});
afterAll(async () => handle?.context.close());

test('a phone adds its card to Google Wallet, scans again, and Google receives the PATCH with the new balance', async () => {
  await page.goto(await qrUrl());
  await page.getByText('1 / 10').waitFor();

  await page.goto(`${app.server.baseUrl}/wallet`);
  const saveLinkOpened = page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  await page.getByRole('button', { name: 'Add the Café Luna card to Google Wallet' }).click();
  await saveLinkOpened;
  expect(fake.objects.size).toBe(1);
  const [objectId] = [...fake.objects.keys()];
  expect(fake.objects.get(objectId!)).toMatchObject({ loyaltyPoints: { balance: { string: '1 of 10' } } });

  const scannedAt = Date.now();
  await page.goto(await qrUrl());
  await page.getByText('2 / 10').waitFor();
  const [patch] = await fake.waitForCalls((call) => call.method === 'PATCH' && call.path === `/loyaltyObject/${objectId}` && call.status === 200, 1, 15_000);
  expect(patch!.body).toMatchObject({ loyaltyPoints: { balance: { string: '2 of 10' } }, messages: [{ body: 'Stamp collected: 2 of 10' }] });
  // Within the coalescing window and the queue's poll, with room for a slow machine.
  expect(Date.now() - scannedAt).toBeLessThan(10_000);
});
