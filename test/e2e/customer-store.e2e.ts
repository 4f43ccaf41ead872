// What the owner writes about the store reaches the customer: the vendor fills the profile and the menu in
// Store Settings; a phone scans the counter code and sees the address, opening hours, website and menu
// items under its card, loaded after the stamp shows.
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { checkA11y, newPage, openVendorPage, screenshot, useE2eApp, vendorApi } from './harness';

const PHONE = { width: 390, height: 844 };
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Harbour Roasters' } });

describe('the store section of a customer card', () => {
  it('a vendor fills the profile; a phone scans and sees address, hours, website and menu items on its card page', async () => {
    await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });

    const vendorPage = await openVendorPage(app, 'dashboard', { viewport: { width: 1280, height: 800 } });
    const page = vendorPage.page;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Store Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Address').fill('12 Harbour Road, Porto');
    await dialog.getByLabel('Opening Hours').fill('Mon–Sat 7:00–18:00');
    await dialog.getByLabel('Website').fill('harbour.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Store Settings' }).click();
    await dialog.getByRole('tab', { name: 'Menu & Items' }).click();
    for (const [name, price] of [['Flat White', '4.20'], ['Pastel de nata', '1.50']]) {
      await dialog.getByLabel('Item name').fill(name);
      await dialog.getByLabel('Price').fill(price);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.getByText(name).first().waitFor();
    }
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await dialog.getByRole('article').getByText('12 Harbour Road, Porto').waitFor();
    await vendorPage.context.close();

    const phone = await newPage(app.browser, { viewport: PHONE, isMobile: true });
    const storeRequests: number[] = [];
    let scanAnsweredAt = 0;
    phone.page.on('response', (response) => {
      if (response.url().endsWith('/api/customer/scan')) scanAnsweredAt = Date.now();
      if (/\/api\/customer\/cards\/[^/]+\/store$/.test(response.url())) storeRequests.push(Date.now());
    });
    const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    await phone.page.goto(qr.url);
    await phone.page.getByText('1 / 5').waitFor();
    const section = phone.page.getByRole('region', { name: 'About Harbour Roasters' });
    await section.getByText('12 Harbour Road, Porto').waitFor();
    await section.getByText('Mon–Sat 7:00–18:00').waitFor();
    expect(await section.getByRole('link', { name: 'harbour.example' }).getAttribute('href')).toBe('https://harbour.example/');
    const menu = section.getByRole('list', { name: 'Menu' });
    await menu.getByText('Flat White').waitFor();
    await menu.getByText('$4.20').waitFor();
    await menu.getByText('Pastel de nata').waitFor();
    // Its own request, after the stamp's answer.
    expect(storeRequests).toHaveLength(1);
    expect(storeRequests[0]).toBeGreaterThanOrEqual(scanAnsweredAt);
    await checkA11y(phone.page, 'the card page with its store section');
    await screenshot(phone.page, 'customer-store-section-390');
    await phone.context.close();
  });

  it('a long menu shows on a phone that it goes on: the box ends partway through a row, with a shadow on the edge that has more', async () => {
    for (let n = 1; n <= 40; n += 1) {
      await vendorApi(app.server, app.vendor, 'POST', `/api/vendor/${app.vendor.vendorId}/add-item`, { itemName: `Item ${n}`, itemPrice: 2 });
    }
    const phone = await newPage(app.browser, { viewport: PHONE, isMobile: true });
    const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    await phone.page.goto(qr.url);
    const menu = phone.page.getByRole('region', { name: 'About Harbour Roasters' }).getByRole('list', { name: 'Menu' });
    await menu.getByText('Item 40').waitFor({ state: 'attached' });
    const view = () =>
      menu.evaluate((list) => {
        const box = list.getBoundingClientRect();
        const rows = [...list.children].map((row) => row.getBoundingClientRect());
        // A row the box's lower edge cuts through, with some of it on each side.
        const cut = rows.some((row) => row.top < box.bottom - 4 && row.bottom > box.bottom + 4);
        const layers = getComputedStyle(list).backgroundAttachment;
        return { more: list.scrollHeight > list.clientHeight, cut, layers };
      });
    await expect(view()).resolves.toEqual({ more: true, cut: true, layers: 'local, local, scroll, scroll' });
    await screenshot(phone.page, 'customer-store-long-menu-390');
    await phone.context.close();
  });
});
