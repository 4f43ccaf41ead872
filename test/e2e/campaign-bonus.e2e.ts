// A bonus-stamps campaign end to end in real browsers: a customer collects a stamp, keeps their card safe with a
// confirmed e-mail and asks for the stores' offers by e-mail; the owner (another browser, in the shop's time zone)
// saves that zone in Store Settings and launches a bonus-stamps campaign by clicking through the Campaigns form;
// the campaign e-mail reaches the customer through the real delivery queue and SMTP; one scan of the counter code
// then gives two stamps, the activity list marks the second as bonus, and Active Campaigns counts one message sent
// and the budget the bonus cost.
import type { Page, Request } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import type { AddItemResponse, VendorResponse } from '../../src/api/contract/vendor';
import { animationsSettled, linkFrom, newPage, screenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const CUSTOMER_EMAIL = 'lena.bonus@example.com';
const TITLE = 'Double stamps week';
const DESCRIPTION = 'Every coffee earns two stamps until Sunday.';

/**
 * A shop time zone where it is daytime now and for the next hour: campaign messages wait out the store's night
 * (21:00–08:00), and this test should not wait with them whatever the hour it runs at. Both hours are checked
 * to lie between 09 and 19: at 23:xx the next hour reads 00, which is below 20 but night.
 */
function daytimeZone(now = Date.now()): string {
  const candidates = ['Europe/Paris', 'UTC', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Auckland', 'Pacific/Honolulu', 'America/Los_Angeles', 'America/New_York', 'America/Sao_Paulo', 'Asia/Dubai'];
  const hourIn = (zone: string, at: number) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(at));
  const daytime = (hour: number) => hour >= 9 && hour < 20;
  const zone = candidates.find((candidate) => daytime(hourIn(candidate, now)) && daytime(hourIn(candidate, now + 3_600_000)));
  if (!zone) throw new Error('no daytime zone among the candidates');
  return zone;
}

/** `at` on the shop's clock as the campaign form's pickers take it ("2026-11-26 09:41"). */
function typedInZone(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

const SHOP_ZONE = daytimeZone();
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Double Shot' } });
let phone: PageHandle;
let owner: PageHandle;
/** The API requests the owner's clicks sent, in order. */
const ownerRequests: Request[] = [];

async function qrUrl(): Promise<string> {
  return (await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`)).url;
}

/** Resolves once no popup matching `selector` (antd's pickers and select lists) shows on the page. */
async function popupsClosed(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((popups) => [...document.querySelectorAll(popups)].every((popup) => popup.getBoundingClientRect().height === 0 || getComputedStyle(popup).visibility === 'hidden' || popup.matches('[class*="-hidden"]')), selector);
}

const mainNav = (page: Page) => page.locator('header').getByRole('navigation', { name: 'Main' });

function sentTo(method: string, path: string): Request[] {
  return ownerRequests.filter((request) => request.method() === method && new URL(request.url()).pathname === path);
}

beforeAll(async () => {
  const vendorId = app.vendor.vendorId;
  // A 4.00 flat white for 10 stamps: each bonus stamp costs the budget 0.40.
  const { item } = await vendorApi<AddItemResponse>(app.server, app.vendor, 'POST', `/api/vendor/${vendorId}/add-item`, { itemName: 'Flat White', itemPrice: '4.00' });
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${vendorId}`, { stamps: 10, item: item._id, itemCustom: null, expiry: '2030-12-31' });
  phone = await newPage(app.browser, { viewport: PHONE, isMobile: true });
  // The owner's computer is in the shop: its browser's clock is the shop's.
  const context = await app.browser.newContext({ viewport: DESKTOP, timezoneId: SHOP_ZONE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) ownerRequests.push(request);
  });
  owner = { context, page, errors, console: [] };
});

afterAll(async () => {
  await phone?.context.close();
  await owner?.context.close();
});

describe(`a bonus-stamps campaign, from the owner's click to the customer's second stamp (shop in ${SHOP_ZONE})`, () => {
  let cardUrl: string;

  it('the customer collects a stamp, saves a confirmed e-mail and asks for offers by e-mail; campaign messages are on for the store', async () => {
    const { page } = phone;
    await page.goto(await qrUrl());
    await page.getByText('1 / 10').waitFor();

    await page.goto(`${app.server.baseUrl}/wallet`);
    const keepSafe = page.locator('details', { hasText: 'Keep your cards safe' });
    await keepSafe.locator('summary').click();
    await keepSafe.getByLabel('E-mail', { exact: true }).fill(CUSTOMER_EMAIL);
    const savedAt = Date.now();
    await keepSafe.getByRole('button', { name: 'Save' }).click();
    await keepSafe.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
    const confirmation = await app.server.waitForMail(CUSTOMER_EMAIL, { since: savedAt });
    await page.goto(linkFrom(confirmation, '/wallet/confirm-email/'));
    await page.getByRole('heading', { name: 'Your e-mail is saved' }).waitFor();

    // Campaign e-mail is off unless the customer ticks it.
    await page.goto(`${app.server.baseUrl}/wallet`);
    await keepSafe.locator('summary').click();
    const optIn = keepSafe.getByRole('checkbox', { name: 'E-mail me offers from the stores where I collect stamps' });
    await page.waitForFunction(() => {
      const box = document.querySelector('input[name="campaignMail"]') as HTMLInputElement | null;
      return box !== null && !box.disabled;
    });
    expect(await optIn.isChecked()).toBe(false);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/customer/me/campaign-mail') && response.request().method() === 'PUT');
    // The box shows the saved state: it is ticked once the server has the choice.
    await optIn.click();
    expect(await (await saved).json()).toEqual({ optIn: true });
    await page.waitForFunction(() => (document.querySelector('input[name="campaignMail"]') as HTMLInputElement | null)?.checked === true);
    await screenshot(page, 'campaign-bonus-1-customer-opt-in');

    // The card page: the store's campaign messages are on.
    await page.getByRole('link', { name: /Double Shot/ }).click();
    const messages = page.getByRole('switch', { name: 'Campaign messages' });
    await page.waitForFunction(() => {
      const input = document.querySelector('input[name="campaignMessages"]') as HTMLInputElement | null;
      return input !== null && !input.disabled;
    });
    expect(await messages.isChecked()).toBe(true);
    cardUrl = page.url();
    expect(new URL(cardUrl).pathname).toMatch(/^\/wallet\/[0-9a-f-]{36}$/);
    expect(phone.errors).toEqual([]);
  });

  it("the owner's Store Settings start in the browser's time zone, and Save stores it", async () => {
    const { page } = owner;
    await signInPage(page, app.server, app.vendor);
    await page.locator('main h1').first().waitFor();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Store Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Company').waitFor();
    await animationsSettled(page);
    // A store that never chose a zone shows the browser's (by the name its Intl gives, e.g. Asia/Calcutta for
    // Asia/Kolkata), ready to be saved.
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(new Intl.DateTimeFormat('en', { timeZone: browserZone }).resolvedOptions().timeZone).toBe(new Intl.DateTimeFormat('en', { timeZone: SHOP_ZONE }).resolvedOptions().timeZone);
    const zoneSelect = dialog.locator('.ant-select').filter({ has: page.locator('#store-time-zone') });
    await expect(zoneSelect.textContent()).resolves.toBe(browserZone.replaceAll('_', ' '));
    await dialog.getByText('Campaign messages wait for the morning here: none are sent between 21:00 and 08:00.').waitFor();
    await screenshot(page, 'campaign-bonus-2-store-time-zone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const [save] = sentTo('POST', `/api/vendor/${app.vendor.vendorId}`);
    expect(save.postData()).toContain(`name="timeZone"\r\n\r\n${browserZone}\r\n`);
    const { vendor } = await vendorApi<VendorResponse>(app.server, app.vendor, 'GET', `/api/vendor/${app.vendor.vendorId}`);
    expect(vendor.timeZone).toBe(browserZone);
  });

  it('the owner launches a bonus-stamps campaign by clicking through the Campaigns form; the customer gets the e-mail', async () => {
    const { page } = owner;
    await mainNav(page).getByRole('button', { name: 'Campaigns' }).click();
    await page.getByRole('heading', { name: 'Create New Campaign' }).waitFor();

    await page.getByLabel('Campaign Title').fill(TITLE);
    await page.getByLabel('Campaign Description').fill(DESCRIPTION);
    await page.getByRole('radiogroup', { name: 'Location' }).getByText('5 km', { exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Customer Frequency' }).getByText('All customers').click();
    // The reach, live before launch: the one customer, by e-mail.
    await page.getByText('Reachable now: 1 by e-mail, 0 on a wallet pass, 0 by web push.').waitFor();
    // From this minute on the shop's clock, for a week.
    const now = Date.now();
    const start = typedInZone(now, SHOP_ZONE);
    const end = typedInZone(now + 7 * 86_400_000, SHOP_ZONE);
    for (const [label, typed] of [['Start Date & Time', start], ['End Date & Time', end]] as const) {
      await page.getByLabel(label).click();
      await page.getByLabel(label).fill(typed);
      await page.keyboard.press('Enter');
      // Enter confirms the typed time and closes the picker. A time the picker did not take is wiped when it
      // closes (the field then stays empty and the browser refuses the form): the field is read once it has.
      await popupsClosed(page, '.ant-picker-dropdown');
      expect(await page.getByLabel(label).inputValue()).toBe(typed);
    }
    await page.getByLabel('Promotion Type').click();
    await page.locator('.ant-select-item-option[title="Bonus stamps"]').click();
    await popupsClosed(page, '.ant-select-dropdown');
    await page.getByLabel('Items to Promote').click();
    await page.locator('.ant-select-item-option[title="Coffee"]').click();
    await page.keyboard.press('Escape');
    await popupsClosed(page, '.ant-select-dropdown');
    await page.getByRole('radiogroup', { name: 'Notification Frequency' }).getByText('Once', { exact: true }).click();
    await page.getByTestId('preview-notification').filter({ hasText: TITLE }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await animationsSettled(page);
    await screenshot(page, 'campaign-bonus-3-form');

    const launchedAt = Date.now();
    // What the owner waits for: the campaign the click sends, and the server's answer to it. A click the form
    // refuses sends nothing, and this wait fails with the fields it refused in the failure report.
    const launchPath = `/api/campaigns/${app.vendor.vendorId}`;
    const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === launchPath);
    await page.getByRole('button', { name: 'Launch Campaign & Send Push Notification' }).click();
    expect((await answered).status()).toBe(201);
    await page.getByText('Campaign launched: customers who accepted campaign messages receive it on their channels.').waitFor();

    // What the click sent: the form's campaign, its times the shop's minute in UTC.
    const [launch] = sentTo('POST', launchPath);
    const body = launch.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      campaignTitle: TITLE,
      campaignDescription: DESCRIPTION,
      targetAudience: 'all',
      promotionType: 'bonus-stamps',
      itemsToPromote: ['Coffee'],
      notificationFrequency: 'once',
      abTesting: false,
      budget: 50,
    });
    expect(Date.parse(String(body.startDateTime))).toBe(now - (now % 60_000));

    // The delivery queue sends it through SMTP, with a way out that needs no sign-in.
    const mail = await app.server.waitForMail(CUSTOMER_EMAIL, { since: launchedAt, timeoutMs: 60_000 });
    expect(mail.subject).toBe(`Double Shot: ${TITLE}`);
    expect(mail.text).toContain(DESCRIPTION);
    expect(linkFrom(mail, '/api/unsubscribe/')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\//);
  });

  it('one scan of the counter code gives the customer two stamps, and the card page shows them', async () => {
    const { page } = phone;
    await page.goto(await qrUrl());
    await page.getByText('3 / 10').waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Bonus stamp! 2 stamps collected! 7 more for your free Flat White');
    await screenshot(page, 'campaign-bonus-4-scan');

    await page.goto(cardUrl);
    await page.getByText('3 / 10').waitFor();
    expect(phone.errors).toEqual([]);
  });

  it("the activity list marks the bonus stamp, and Active Campaigns shows 1 sent and the budget spent and left", async () => {
    const { page } = owner;
    await mainNav(page).getByRole('button', { name: 'Rewards' }).click();
    await page.getByText('Stamp 3/10 · Bonus').waitFor();
    await expect(page.getByText('Stamp 2/10', { exact: true }).count()).resolves.toBe(1);
    // The bonus is the second stamp of the customer's visit, not a visit of its own.
    await expect(page.getByRole('row', { name: /Stamp 3\/10 · Bonus/ }).textContent()).resolves.not.toContain('visit');
    await expect(page.getByText(/3rd visit/).count()).resolves.toBe(0);
    await screenshot(page, 'campaign-bonus-5-activity');

    await mainNav(page).getByRole('button', { name: 'Campaigns' }).click();
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await row.waitFor();
    await row.getByLabel('1 sent, 0 waiting, 0 failed').waitFor();
    // One bonus stamp of a 4.00 flat white on a 10-stamp card: 0.40 of the 50 budget.
    await expect(row.getByText('$0.40 spent · $49.60 left').isVisible()).resolves.toBe(true);
    await row.scrollIntoViewIfNeeded();
    await animationsSettled(page);
    await screenshot(page, 'campaign-bonus-6-table');
    expect(owner.errors).toEqual([]);
  });
});
