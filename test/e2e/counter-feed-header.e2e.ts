// Counter mode on a 1024 px tablet in landscape while the live feed reconnects: the feed's column is narrow, and the
// "Live activity" title keeps its words on one line beside (or above) the "Reconnecting…" tag, never broken in two.
import type { Page } from 'playwright-core';
import { newPage, screenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });
let handle: PageHandle;
let page: Page;

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  handle = await newPage(app.browser, { viewport: { width: 1024, height: 768 } });
  page = handle.page;
});
afterAll(() => handle?.context.close());

/** How many lines a box's text is set on: the distinct tops of its text's line boxes. */
const linesOf = (selector: string) =>
  page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });

describe('counter mode at 1024 px while the feed reconnects', () => {
  it('shows the "Live activity" title on one line next to the "Reconnecting…" tag', async () => {
    // The feed's stream cannot open: the screen says it is reconnecting, as on a café's Wi-Fi that drops.
    await page.route('**/api/activity/*/stream*', (route) => route.abort('connectionreset'));
    await signInPage(page, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
    await page.getByRole('button', { name: 'Counter mode' }).click();
    const feed = page.getByTestId('counter-feed');
    await feed.getByTestId('live-status').getByText('Reconnecting…').waitFor({ timeout: 15_000 });
    await screenshot(page, 'counter-feed-header-1024-reconnecting', { fullPage: false });
    expect(await linesOf('[data-testid="counter-feed"] .sw-live-feed__header h2')).toBe(1);
  });
});
