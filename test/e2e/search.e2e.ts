// The top bar's search in a real browser: type a customer's name, arrow down, Enter opens the customer.
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { newPage, openVendorPage, screenshot, useE2eApp, vendorApi } from './harness';

const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Corner Café' } });

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  // A customer who collected a stamp and gave their name.
  const phone = await newPage(app.browser, { viewport: { width: 390, height: 844 }, isMobile: true });
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  await phone.page.goto(qr.url);
  await phone.page.getByText('1 / 5').waitFor();
  const saved = await phone.page.evaluate(async () => {
    const credential = localStorage.getItem('stampwise.customer') ?? '';
    const response = await fetch('/api/customer/me', { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-customer-key': credential }, body: JSON.stringify({ displayName: 'Marta Quintela' }) });
    return response.status;
  });
  expect(saved).toBe(200);
  await phone.context.close();
});

describe('the top bar search', () => {
  it("type a customer's name, arrow down, Enter: the Customers page opens on that customer", async () => {
    const { page, context } = await openVendorPage(app, 'dashboard', { viewport: { width: 1280, height: 800 } });
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('marta');
    await page.locator('.ant-select-item-option', { hasText: 'Marta Quintela' }).waitFor();
    // No axe pass on the open list: antd's AutoComplete puts aria-selected on a role=presentation node of its
    // hidden list (aria-allowed-attr), which is the library's markup, not ours.
    await screenshot(page, 'search-results-1280', { fullPage: false });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/customers/${app.vendor.vendorId}\\?customer=`));
    await page.getByRole('heading', { name: 'Marta Quintela' }).waitFor();
    await page.getByText('1', { exact: true }).first().waitFor();
    await context.close();
  });
});
