// Bonus stamps in a real browser: the vendor launches a bonus-stamps campaign, a customer scans once and
// gets two stamps ("Bonus stamp!"), and the Campaigns page shows what the bonus cost and its results.
import type { Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import type { AddItemResponse } from '../../src/api/contract/vendor';
import { newPage, openVendorPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

const app = useE2eApp({ vendor: { company: 'Double Shot' } });
const handles: PageHandle[] = [];

afterAll(async () => {
  for (const handle of handles) await handle.context.close();
});

async function qrUrl(): Promise<string> {
  return (await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`)).url;
}

describe('campaigns: bonus stamps', () => {
  it('a customer who scans during a bonus-stamps campaign gets two stamps, and the table shows the budget spent', async () => {
    const vendorId = app.vendor.vendorId;
    const { item } = await vendorApi<AddItemResponse>(app.server, app.vendor, 'POST', `/api/vendor/${vendorId}/add-item`, { itemName: 'Flat White', itemPrice: '4.00' });
    await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${vendorId}`, { stamps: 10, item: item._id, itemCustom: null, expiry: '2030-12-31' });
    await vendorApi(app.server, app.vendor, 'POST', `/api/campaigns/${vendorId}`, {
      campaignTitle: 'Double stamps week',
      campaignDescription: 'Every stamp counts twice this week.',
      targetAudience: 'all',
      startDateTime: new Date(Date.now() - 60_000).toISOString(),
      endDateTime: new Date(Date.now() + 7 * DAY).toISOString(),
      promotionType: 'bonus-stamps',
      itemsToPromote: ['Coffee'],
      notificationFrequency: 'once',
      abTesting: false,
      budget: 20,
    });

    const phone = await newPage(app.browser, { viewport: PHONE, isMobile: true });
    handles.push(phone);
    const page: Page = phone.page;
    await page.goto(await qrUrl());
    await page.getByText('2 / 10').waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Bonus stamp! 2 stamps collected! 8 more for your free Flat White');

    const vendor = await openVendorPage(app, 'campaigns', { viewport: { width: 1280, height: 900 } });
    handles.push(vendor);
    const row = vendor.page.getByRole('row', { name: /Double stamps week/ });
    await row.waitFor();
    // One bonus stamp of a 4.00 Flat White on a 10-punch card: 0.40 of the 20 budget.
    await expect(row.textContent()).resolves.toMatch(/0\.40 spent · .*19\.60 left/);
    await row.getByRole('button', { name: 'Results' }).click();
    await vendor.page.getByRole('figure', { name: 'Return visits per day: Double stamps week' }).waitFor();
  });
});
