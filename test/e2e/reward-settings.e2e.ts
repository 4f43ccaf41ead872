// The card settings end to end in Chromium: the owner saves per-item mode (max 3) and auto-redeem on the
// Rewards page; the QR page's quantity selector makes the next code give 2 stamps and a phone gets 2; the
// card reaching full becomes a pending reward by itself (the phone shows its code, the counter's feed
// waits on it); a stamp removed with a reason shows in the activity list with the reason.
import type { Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { checkA11y, newPage, screenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const PHONE = { width: 390, height: 844 };
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Bean There Café' } });
let counter: PageHandle;
let phone: PageHandle;
let counterPage: Page;
let phonePage: Page;

beforeAll(async () => {
  const { server, vendor, browser } = app;
  await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  counter = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  counterPage = counter.page;
  phone = await newPage(browser, { viewport: PHONE, isMobile: true });
  phonePage = phone.page;
});

/** The scan URL of a counter code giving `count` stamps, as the QR page would show it. */
async function codeUrl(count: number): Promise<string> {
  return (await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}?count=${count}`)).url;
}

describe('card settings: per-item stamps, auto-redeem, removing a stamp', () => {
  it('the owner saves per-item mode with max 3 and auto-redeem on the Rewards page', async () => {
    await signInPage(counterPage, app.server, app.vendor, `/rewards/${app.vendor.vendorId}`);
    const settings = counterPage.getByTestId('reward-settings');
    await settings.getByLabel('Auto-redeem when complete').click();
    await settings.getByLabel('Stamp mode').click();
    await counterPage.locator('.ant-select-item-option', { hasText: 'One stamp per qualifying item' }).click();
    await settings.getByLabel('Max stamps per transaction').fill('3');
    await settings.getByRole('button', { name: 'Save card settings' }).click();
    await counterPage.getByText('Card settings saved', { exact: true }).waitFor();
    await screenshot(counterPage, 'reward-settings-1-saved');
    const saved = await vendorApi<Record<string, unknown>>(app.server, app.vendor, 'GET', `/api/rewards/${app.vendor.vendorId}/settings`);
    expect(saved).toEqual({ stampMode: 'per-item', maxPerTransaction: 3, autoRedeem: true, expiryDays: null, changedBy: 'Ana Barista' });
  });

  it('choosing 2 on the QR page makes the next code give 2 stamps, and a phone scanning it gets 2', async () => {
    await counterPage.goto(`${app.server.baseUrl}/qr-code/${app.vendor.vendorId}`);
    const quantity = counterPage.getByTestId('sw-qr-stamp-quantity');
    await quantity.getByLabel('Stamps for this purchase').fill('2');
    await quantity.getByLabel('Stamps for this purchase').press('Tab');
    await quantity.getByText('This code gives 2 stamps').waitFor();
    await screenshot(counterPage, 'reward-settings-2-quantity');
    await checkA11y(counterPage, 'on the QR page with the quantity selector');
    await counterPage.getByRole('button', { name: 'Copy' }).first().click();
    const copied = await counterPage.evaluate(() => navigator.clipboard.readText());
    const url = copied.includes('/S/') ? copied : `${app.server.baseUrl}/S/${copied}`;
    await phonePage.goto(url);
    await phonePage.getByText('2 / 5').waitFor();
    await phonePage.getByText('2 stamps collected! 3 more for your free Flat White').waitFor();
  });

  it('auto-redeem: the card reaching full shows the reward pending, with its code, on the phone and at the counter', async () => {
    await phonePage.goto(await codeUrl(3));
    const dialog = phonePage.getByRole('dialog', { name: 'Reward ready — show this to staff' });
    await dialog.waitFor();
    const code = (await phonePage.getByTestId('handover-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{5}$/);
    await screenshot(phonePage, 'reward-settings-3-auto-redeemed');
    await counterPage.getByTestId('live-feed').getByText(`Waiting · ${code}`).waitFor({ timeout: 5000 });
  });

  it('a stamp removed with a reason shows in the activity list, with the reason', async () => {
    await counterPage.goto(`${app.server.baseUrl}/rewards/${app.vendor.vendorId}`);
    const table = counterPage.getByRole('table', { name: 'Reward Activity' });
    await table.getByRole('button', { name: /^Remove stamp/ }).first().click();
    const dialog = counterPage.getByRole('dialog', { name: 'Remove this stamp?' });
    await dialog.getByRole('button', { name: 'Remove stamp' }).click();
    await dialog.getByText('Please say why the stamp is removed').waitFor();
    await dialog.getByLabel('Reason').fill('Scanned twice by mistake');
    await dialog.getByRole('button', { name: 'Remove stamp' }).click();
    await table.getByText(/Removed by .+: Scanned twice by mistake/).waitFor();
    await screenshot(counterPage, 'reward-settings-4-removed');
    await checkA11y(counterPage, 'on the Rewards page after removing a stamp');
    expect(counter.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
