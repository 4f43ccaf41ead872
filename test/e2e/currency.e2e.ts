// The store's currency: the owner picks euros in Store Settings and types a price the French way; a French
// phone that scans the counter code sees the menu price as French writes euros ("3,50 €") on its card page.
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { animationsSettled, checkA11y, openVendorPage, screenshot, useE2eApp, vendorApi } from './harness';

const PHONE = { width: 390, height: 844 };
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Café du Port' } });

describe("the store's currency", () => {
  it('a store set to EUR shows "3,50 €" to a French customer on the card page', async () => {
    await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Café crème', expiry: '2030-12-31' });

    const vendorPage = await openVendorPage(app, 'dashboard', { viewport: { width: 1280, height: 800 } });
    const page = vendorPage.page;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Store Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Currency').click();
    await page.keyboard.type('euro');
    // The list slides open. Pressed before it moves, an option can slide from under the pointer before the
    // button comes up: the click then lands beside it and chooses nothing, and Save sent USD (seen once in CI).
    await page.locator('.ant-select-dropdown:not([class*="ant-slide-up"])').waitFor();
    await page.locator('.ant-select-item-option[title="EUR — Euro"]').click();
    // As the owner does: Save once the select shows the choice.
    await dialog.getByTitle('EUR — Euro').first().waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await vendorApi<{ vendor: { currency: string } }>(app.server, app.vendor, 'GET', `/api/vendor/${app.vendor.vendorId}`)).vendor.currency).toBe('EUR');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Store Settings' }).click();
    // The dialog opens again while the closed one's animation may still run: the tab is clicked once it has settled.
    await dialog.getByLabel('Company').waitFor();
    await animationsSettled(page);
    await dialog.getByRole('tab', { name: 'Menu & Items' }).click();
    await dialog.getByLabel('Item name').fill('Chausson aux pommes');
    // A decimal comma and the euro sign, as a French owner writes a price.
    await dialog.getByLabel('Price').fill('3,50 €');
    await dialog.getByRole('button', { name: 'Add' }).click();
    // The owner's browser is in US English: euros the English way.
    await dialog.getByRole('list', { name: 'Menu items' }).getByText('€3.50').waitFor();
    await vendorPage.context.close();

    const context = await app.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'fr-FR' });
    const phone = await context.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(error.message));
    const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    await phone.goto(qr.url);
    await phone.getByText('1 / 5').waitFor();
    // The menu list is named by its heading, "Carte" on a French page.
    const menu = phone.getByRole('region', { name: 'À propos de Café du Port' }).getByRole('list', { name: 'Carte' });
    await menu.getByText('Chausson aux pommes').waitFor();
    // French puts a no-break space between the amount and the sign.
    const price = menu.locator('.sd-store__item-price');
    await price.first().waitFor();
    expect((await price.allTextContents()).map((text) => text.replace(/\s/g, ' '))).toEqual(['3,50 €']);
    await checkA11y(phone, 'the card page of a euro store in French');
    await screenshot(phone, 'currency-eur-fr-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
