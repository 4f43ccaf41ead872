// One live connection per tab, in a real browser: with no QR page open anywhere, a Dashboard tab and a Rewards tab opened earlier
// are current within 2 s of a customer's scan — one live connection per tab, kept while moving between pages.
import type { Page } from 'playwright-core';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { newPage, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const LIVE_WITHIN_MS = 2000;

const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' } });
const handles: PageHandle[] = [];

afterAll(async () => {
  for (const handle of handles) await handle.context.close();
});

/** A vendor page in its own tab, counting the live streams it opens. */
async function openTab(route: string): Promise<{ page: Page; streams: () => number }> {
  const handle = await newPage(app.browser, { viewport: { width: 1280, height: 900 } });
  handles.push(handle);
  let opened = 0;
  handle.page.on('request', (request) => {
    if (/\/api\/activity\/[^/]+\/stream\?/.test(request.url())) opened += 1;
  });
  await signInPage(handle.page, app.server, app.vendor, `/${route}/${app.vendor.vendorId}`);
  await handle.page.locator('main h1').first().waitFor();
  return { page: handle.page, streams: () => opened };
}

async function scan(credential?: string): Promise<string> {
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  const response = await fetch(`${app.server.baseUrl}/api/customer/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(credential ? { [CUSTOMER_CREDENTIAL_HEADER]: credential } : {}) },
    body: JSON.stringify({ token: qr.token }),
  });
  const body = (await response.json()) as { credential?: string };
  if (!response.ok) throw new Error(`scan failed: ${response.status}`);
  return body.credential ?? credential ?? '';
}

it('a Dashboard tab and a Rewards tab follow the scans within 2 s, on one stream each', async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 2, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  const dashboard = await openTab('dashboard');
  const rewards = await openTab('rewards');
  await dashboard.page.getByText('You owe 0 rewards · 0 cards one stamp away').waitFor();
  // Let both tabs' streams open before the customer scans.
  await dashboard.page.waitForTimeout(1500);

  const started = Date.now();
  const ana = await scan();
  await dashboard.page.getByText('You owe 0 rewards · 1 card one stamp away').waitFor({ timeout: LIVE_WITHIN_MS });
  await rewards.page.getByRole('cell', { name: 'Customer #1, 1st visit', exact: true }).waitFor({ timeout: LIVE_WITHIN_MS });
  expect(Date.now() - started).toBeLessThan(LIVE_WITHIN_MS + 1000);

  await scan(ana);
  await dashboard.page.getByText('You owe 1 reward · 0 cards one stamp away').waitFor({ timeout: LIVE_WITHIN_MS });
  // The same day: the same visit, on a line of its own.
  await rewards.page.getByRole('cell', { name: 'Customer #1, 1st visit', exact: true }).nth(1).waitFor({ timeout: LIVE_WITHIN_MS });

  // Moving between vendor pages keeps the tab's one stream.
  await dashboard.page.getByRole('button', { name: 'Rewards', exact: true }).click();
  await dashboard.page.getByText('Update Reward Setup').waitFor();
  await dashboard.page.getByRole('button', { name: 'Help & Resources' }).click();
  await dashboard.page.locator('main h1').first().waitFor();
  await dashboard.page.waitForTimeout(500);
  expect(dashboard.streams()).toBe(1);
  expect(rewards.streams()).toBe(1);
});
