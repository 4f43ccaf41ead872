// Every vendor page (and the Store Settings dialog) at 390, 768, 1280 and 1920 px without sideways
// scrolling (scrollWidth <= innerWidth), and axe-core with 0 violations on every vendor and customer page — in
// the built app, under the server's real Content-Security-Policy. The store has a long name, menu items, a
// saved reward and real activity, so tables, tags and names are the ones a real café sees.
import type { Page } from 'playwright-core';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { checkA11y, newPage, settledScreenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const WIDTHS = [390, 768, 1280, 1920] as const;
const VENDOR_PAGES = ['dashboard', 'rewards', 'qr-code', 'campaigns', 'help'] as const;
const LONG_NAME = 'Bean & Brew Company of the Old Harbour';

const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: LONG_NAME } });

/** The page's width against the window's: it must never scroll sideways. */
const widths = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

/** One stamp from a fresh code, as a customer's phone would collect it; answers the customer's credential. */
async function customerStamp(customer?: string): Promise<string> {
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  const response = await fetch(`${app.server.baseUrl}/api/customer/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(customer ? { [CUSTOMER_CREDENTIAL_HEADER]: customer } : {}) },
    body: JSON.stringify({ token: qr.token }),
  });
  const body = (await response.json()) as { credential?: string };
  if (!response.ok) throw new Error(`scan failed: ${response.status} ${JSON.stringify(body)}`);
  return body.credential ?? customer ?? '';
}

beforeAll(async () => {
  const { vendorId } = app.vendor;
  const added = await vendorApi<{ item: { _id: string } }>(app.server, app.vendor, 'POST', `/api/vendor/${vendorId}/add-item`, {
    itemName: 'Double Shot Oat Milk Flat White',
    itemPrice: 4.8,
  });
  await vendorApi(app.server, app.vendor, 'POST', `/api/vendor/${vendorId}/add-item`, { itemName: 'Croissant', itemPrice: 3.5 });
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${vendorId}`, { stamps: 3, item: added.item._id, itemCustom: null, expiry: '2030-12-31' });
  // Real activity: one customer with two stamps, another with a full card claimed.
  const ana = await customerStamp();
  await customerStamp(ana);
  const ben = await customerStamp();
  await customerStamp(ben);
  await customerStamp(ben);
  const wallet = await fetch(`${app.server.baseUrl}/api/customer/cards`, { headers: { [CUSTOMER_CREDENTIAL_HEADER]: ben } });
  const { cards } = (await wallet.json()) as { cards: { id: string }[] };
  const claim = await fetch(`${app.server.baseUrl}/api/customer/cards/${cards[0].id}/claim`, { method: 'POST', headers: { [CUSTOMER_CREDENTIAL_HEADER]: ben } });
  if (!claim.ok) throw new Error(`claim failed: ${claim.status} ${await claim.text()}`);
});

describe('every vendor page fits 390–1920 px and passes axe-core', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px`, async () => {
      const handle = await newPage(app.browser, { viewport: { width, height: 900 }, isMobile: width < 768 });
      try {
        const { page } = handle;
        const problems: string[] = [];
        for (const route of VENDOR_PAGES) {
          await signInPage(page, app.server, app.vendor, `/${route}/${app.vendor.vendorId}`);
          await page.locator('main h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          await settledScreenshot(page, `all-pages-${route}-${width}`);
          const measured = await widths(page);
          if (measured.scrollWidth > measured.innerWidth) problems.push(`${route}: scrollWidth ${measured.scrollWidth} > ${measured.innerWidth}`);
          if (width === 390 || width === 1280) await checkA11y(page, `on ${route} at ${width} px`);
          // Names are whole (wrapped), not cut with "…", on the dashboard's cards.
          const cut = await page.evaluate(() =>
            [...document.querySelectorAll('.sw-campaign-name, .sw-person-text strong')]
              .filter((node) => node.scrollWidth > node.clientWidth + 1)
              .map((node) => node.textContent),
          );
          if (cut.length > 0) problems.push(`${route}: names cut: ${cut.join(', ')}`);
        }
        // The nav bar names the whole store on hover (title) where it has to cut it.
        expect(await page.getByRole('button', { name: /^Account menu: / }).getAttribute('title')).toBe(LONG_NAME);
        // The Store Settings dialog, each tab.
        await openStoreSettings(page);
        for (const tab of ['Setup', 'Preview', 'Menu & Items']) {
          await page.getByRole('tab', { name: tab }).click();
          await page.waitForTimeout(300);
          const measured = await widths(page);
          if (measured.scrollWidth > measured.innerWidth) problems.push(`Store Settings ${tab}: scrollWidth ${measured.scrollWidth} > ${measured.innerWidth}`);
          await settledScreenshot(page, `all-pages-store-settings-${tab.replace(/\W+/g, '-').toLowerCase()}-${width}`, false);
          if (width === 390 || width === 1280) await checkA11y(page, `on Store Settings ${tab} at ${width} px`);
        }
        expect(problems).toEqual([]);
        expect(handle.errors).toEqual([]);
      } finally {
        await handle.context.close();
      }
    });
  }
});

describe('every customer page passes axe-core', () => {
  let handle: PageHandle;
  afterAll(() => handle?.context.close());

  it('scan, wallet and card pages (the reward-ready screen: customer.e2e.ts; recovery: wallet-recovery.e2e.ts)', async () => {
    handle = await newPage(app.browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    const { page } = handle;
    const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    await page.goto(qr.url);
    await page.getByText(/1 \/ 3/).waitFor();
    await page.waitForTimeout(1500);
    await checkA11y(page, 'on the scan page');
    await page.goto(`${app.server.baseUrl}/wallet`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(600);
    await checkA11y(page, 'on the wallet');
    // The wallet shows the store's whole name, not "Bean & Br…".
    const walletName = page.locator('.cw-wallet-name').first();
    await expect(walletName.textContent()).resolves.toBe(LONG_NAME);
    await expect(walletName.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).resolves.toBe(true);
    await page.getByRole('link', { name: new RegExp(LONG_NAME.slice(0, 12)) }).first().click();
    await page.waitForURL(/\/wallet\/[^/]+$/);
    await page.waitForTimeout(600);
    await checkA11y(page, 'on the card page');
    const measured = await widths(page);
    expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth);
    expect(handle.errors).toEqual([]);
  });
});

async function openStoreSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu: / }).click();
  await page.getByRole('menuitem', { name: 'Store Settings' }).click();
  await page.getByRole('tab', { name: 'Setup' }).waitFor();
}
