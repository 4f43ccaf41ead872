// Relay detection in a real browser: a counter code photographed and relayed to phones on other networks. The
// owner's QR page shows the alert the moment the code is flagged, with the stamps it granted; one action
// voids them; the customer's card then says "1 stamp removed by the store".
import type { Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { checkA11y, newPage, screenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

// TRUST_PROXY: the relayed phones are simulated from this process, each with its own network in X-Forwarded-For.
const app = useE2eApp({ env: { TRUST_PROXY: '1', RELAY_NETWORKS_PER_CODE: '4' }, vendor: { company: 'Relay Roasters' } });
let counter: PageHandle;
let phone: PageHandle;
let counterPage: Page;
let phonePage: Page;
let token: QrTokenResponse;

beforeAll(async () => {
  const { server, vendor, browser } = app;
  await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 8, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  counter = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  counterPage = counter.page;
  phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
  phonePage = phone.page;
});

/** A phone the photo reached: a new customer on network 10.<n>.0.0/24. */
async function relayedScan(n: number): Promise<number> {
  const response = await fetch(`${app.server.baseUrl}/api/customer/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${n}.0.7` },
    body: JSON.stringify({ token: token.token }),
  });
  return response.status;
}

describe('relay alert and void on the QR page', () => {
  it('shows the alert with the stamps granted as soon as the code is flagged', async () => {
    await signInPage(counterPage, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
    await counterPage.getByTestId('live-status').getByText('Live').waitFor();
    await expect(counterPage.getByTestId('relay-alert').count()).resolves.toBe(0);

    token = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    // The first phone is a real one (its own network), the photo's first recipient.
    await phonePage.goto(token.url);
    await phonePage.getByText('1 / 8').waitFor();
    for (let n = 1; n <= 4; n += 1) expect(await relayedScan(n)).toBe(200);

    const alert = counterPage.getByTestId('relay-alert');
    await alert.waitFor({ timeout: 10_000 });
    await alert.getByText(/^Code from \d\d:\d\d used 5 times from 5 networks in \d+ s — a photo may be going around$/).waitFor();
    await alert.getByText('5 stamps granted').waitFor();
    await expect(alert.getByRole('listitem').count()).resolves.toBe(5);
    await checkA11y(counterPage, 'QR page with a relay alert');
    await screenshot(counterPage, 'relay-1-alert');
  });

  it('voids the stamps in one action (confirmed), and the alert says so', async () => {
    const alert = counterPage.getByTestId('relay-alert');
    await alert.getByRole('button', { name: 'Void 5 stamps' }).click();
    const dialog = counterPage.getByRole('dialog', { name: 'Void these stamps?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Void stamps' }).click();
    await counterPage.getByText('5 stamps voided.').waitFor();
    await alert.getByText('Voided: 5 stamps taken back').waitFor();
    // The live feed's lines for those stamps say so too.
    await counterPage.getByTestId('live-feed').getByText(/^Stamp voided — Customer #\d+(, \d+\w\w visit)?$/).first().waitFor();
    await expect(counterPage.getByTestId('live-feed').getByText(/^Stamp voided — /).count()).resolves.toBe(5);
    await expect(alert.getByRole('button', { name: /^Void/ }).count()).resolves.toBe(0);
    await screenshot(counterPage, 'relay-2-voided');
    // The code grants nothing more.
    expect(await relayedScan(9)).toBe(409);
  });

  it("lets the owner set the store's own budget floor", async () => {
    const section = counterPage.getByTestId('stamp-budget');
    await section.getByText(/^Now: one code on this screen gives up to 10 stamps before it changes, and your printed flyer up to 25 stamps a day/).waitFor();
    await section.getByLabel('Stamps from one code on this screen, at least').fill('14');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText(/^Now: one code on this screen gives up to 14 stamps before it changes, and your printed flyer up to 25 stamps a day/).waitFor();
    await checkA11y(counterPage, 'QR page after voiding, with the budget section');
  });

  it("tells the customer on their card: '1 stamp removed by the store'", async () => {
    await phonePage.goto(`${app.server.baseUrl}/wallet`);
    await phonePage.getByText('1 stamp removed by the store').waitFor();
    await phonePage.getByText('0 / 8').waitFor();
    await checkA11y(phonePage, 'wallet with a removed stamp');
    await screenshot(phonePage, 'relay-3-wallet');
  });
});
