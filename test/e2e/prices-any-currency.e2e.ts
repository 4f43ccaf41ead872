// Prices in a currency of small units: a Hanoi café (VND) types "65.000" as its owner writes dong, and both
// the owner's list and a Vietnamese phone's store section show "65.000 ₫", as the café's own price tags do,
// though the pages are in English (Stampwise speaks no Vietnamese).
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { animationsSettled, signInPage, useE2eApp, vendorApi, type E2eApp } from './harness';

const PHONE = { width: 390, height: 844 };
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Phở Hà Nội' } });

/** Saves the store's profile with its currency through the API (POST /api/vendor/{id}, multipart), as Store Settings does. */
async function setCurrency(e2e: E2eApp, currency: string): Promise<void> {
  const form = new FormData();
  form.set('company', e2e.vendor.company);
  form.set('address', '12 Phố Hàng Bạc, Hà Nội');
  form.set('open_hours', 'Mon–Sun 6:00–14:00');
  form.set('currency', currency);
  const response = await fetch(`${e2e.server.baseUrl}/api/vendor/${e2e.vendor.vendorId}`, { method: 'POST', headers: { authorization: `Bearer ${e2e.vendor.token}` }, body: form });
  if (!response.ok) throw new Error(`saving the currency failed: ${response.status} ${await response.text()}`);
}

const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('prices in a currency of small units', () => {
  it('a Hanoi café types "65.000" and sees "65.000 ₫" on its menu and on a customer\'s store section', async () => {
    await setCurrency(app, 'VND');
    await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Cà phê sữa đá', expiry: '2030-12-31' });

    const owner = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });
    const page = await owner.newPage();
    const ownerErrors: string[] = [];
    page.on('pageerror', (error) => ownerErrors.push(error.message));
    await signInPage(page, app.server, app.vendor);
    await page.locator('main h1').first().waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Store Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Company').waitFor();
    await animationsSettled(page);
    await dialog.getByRole('tab', { name: 'Menu & Items' }).click();
    await dialog.getByLabel('Item name').fill('Phở bò');
    // Dong as Hanoi writes them: a point between the thousands, no decimals.
    await dialog.getByLabel('Price').fill('65.000');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const list = dialog.getByRole('list', { name: 'Menu items' });
    await list.getByText('Phở bò').waitFor();
    const ownerPrice = list.locator('.sw-items__price').first();
    await ownerPrice.getByText(/65/).waitFor();
    expect(spaces(await ownerPrice.innerText())).toBe('65.000 ₫');
    const { items } = await vendorApi<{ items: { name: string; price: number | '' }[] }>(app.server, app.vendor, 'GET', `/api/vendor/${app.vendor.vendorId}`);
    expect(items.map((item) => [item.name, item.price])).toEqual([['Phở bò', 65000]]);
    expect(ownerErrors).toEqual([]);
    await owner.close();

    const context = await app.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'vi-VN' });
    const phone = await context.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(error.message));
    const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    await phone.goto(qr.url);
    await phone.getByText('1 / 5').waitFor();
    const menu = phone.getByRole('region', { name: 'About Phở Hà Nội' }).getByRole('list', { name: 'Menu' });
    await menu.getByText('Phở bò').waitFor();
    const price = menu.locator('.sd-store__item-price');
    await price.first().waitFor();
    expect((await price.allTextContents()).map(spaces)).toEqual(['65.000 ₫']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
