// Wallet recovery in real browsers: a customer saves (and confirms) their e-mail on one phone, collects stamps anonymously on a
// second phone, then signs that second phone in with the mailed link. The second phone's cards are merged into the
// recovered wallet (same store: the stamps add up; another store: the card moves over) and the page says so.
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { checkA11y, hasHorizontalScroll, linkFrom, newPage, screenshot, signUpVendor, useE2eApp, vendorApi, type PageHandle, type SignedUpVendor } from './harness';

const PHONE = { width: 390, height: 844 };
const EMAIL = 'ana.recovery@example.com';

// No cooldown, so one phone can collect with fresh codes in a row.
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Bean There Café' } });
let bakery: SignedUpVendor;
let firstPhone: PageHandle;
let secondPhone: PageHandle;

/** A fresh QR url of `vendor`'s counter screen. */
async function qrUrl(vendor: SignedUpVendor): Promise<string> {
  return (await vendorApi<QrTokenResponse>(app.server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`)).url;
}

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  bakery = await signUpVendor(app.server, { company: 'Harbour Bakery' });
  await vendorApi(app.server, bakery, 'POST', `/api/rewards/${bakery.vendorId}`, { stamps: 10, item: null, itemCustom: 'Almond croissant', expiry: '2030-12-31' });
  firstPhone = await newPage(app.browser, { viewport: PHONE, isMobile: true });
  secondPhone = await newPage(app.browser, { viewport: PHONE, isMobile: true });
});

describe('wallet recovery on a second phone (390 × 844)', () => {
  it('the first phone collects a stamp and saves an e-mail to keep the cards safe (confirmed from the mailed link)', async () => {
    const { page } = firstPhone;
    await page.goto(await qrUrl(app.vendor));
    await page.getByText('1 / 5').waitFor();
    await page.goto(`${app.server.baseUrl}/wallet`);
    const keepSafe = page.locator('details', { hasText: 'Keep your cards safe' });
    await keepSafe.locator('summary').click();
    await keepSafe.getByLabel('E-mail', { exact: true }).fill(EMAIL);
    const savedAt = Date.now();
    await keepSafe.getByRole('button', { name: 'Save' }).click();
    // The address is only attached once the link mailed to it is opened.
    await keepSafe.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();

    const mail = await app.server.waitForMail(EMAIL, { since: savedAt });
    await page.goto(linkFrom(mail, '/wallet/confirm-email/'));
    await page.getByRole('heading', { name: 'Your e-mail is saved' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toContain(EMAIL);
  });

  it('the second phone collects anonymously at both stores', async () => {
    const { page } = secondPhone;
    await page.goto(await qrUrl(app.vendor));
    await page.getByText('1 / 5').waitFor();
    await page.goto(await qrUrl(bakery));
    await page.getByText('1 / 10').waitFor();
  });

  it("the mailed link signs the second phone in and brings its own cards along", async () => {
    const { page } = secondPhone;
    await page.goto(`${app.server.baseUrl}/wallet`);
    const recover = page.locator('details', { hasText: 'Used Stampwise on another phone?' });
    await recover.locator('summary').click();
    await recover.getByLabel('E-mail').fill(EMAIL);
    const askedAt = Date.now();
    await recover.getByRole('button', { name: 'Send me a link' }).click();
    await recover.getByRole('status').waitFor();

    const mail = await app.server.waitForMail(EMAIL, { since: askedAt });
    await page.goto(linkFrom(mail, '/wallet/recover/'));
    await page.getByRole('heading', { name: 'Your cards are on this phone now' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toContain('The 2 cards already on this phone were added to your wallet, with 2 stamps.');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'recovery-1-merged');
    await checkA11y(page, 'on the recovery page');

    await page.getByRole('link', { name: 'Open my wallet' }).click();
    await page.getByRole('heading', { name: 'My stamp cards' }).waitFor();
    // Same store: the first phone's stamp and this phone's stamp add up. The bakery card came over whole.
    await expect(page.getByRole('link', { name: /Bean There Café/ }).textContent()).resolves.toContain('2 / 5');
    await expect(page.getByRole('link', { name: /Harbour Bakery/ }).textContent()).resolves.toContain('1 / 10');
    await screenshot(page, 'recovery-2-wallet');
    expect(secondPhone.errors).toEqual([]);
  });

  it('the first phone sees the merged wallet too: it is one wallet now', async () => {
    const { page } = firstPhone;
    await page.goto(`${app.server.baseUrl}/wallet`);
    await page.getByRole('heading', { name: 'My stamp cards' }).waitFor();
    await expect(page.getByRole('link', { name: /Bean There Café/ }).textContent()).resolves.toContain('2 / 5');
    await expect(page.getByRole('link', { name: /Harbour Bakery/ }).textContent()).resolves.toContain('1 / 10');
    expect(firstPhone.errors).toEqual([]);
  });
});

describe('a sign-in link forwarded to another customer (390 × 844)', () => {
  const MALLORY = 'mallory.forwards@example.com';
  let sender: PageHandle;
  let victim: PageHandle;
  let forwarded = '';

  beforeAll(async () => {
    sender = await newPage(app.browser, { viewport: PHONE, isMobile: true });
    victim = await newPage(app.browser, { viewport: PHONE, isMobile: true });
  });

  it("asks the opener before their cards would join the sender's wallet, and keeps them when told to", async () => {
    // The sender: a wallet with an e-mail of their own, and a sign-in link asked for on their own phone.
    const { page } = sender;
    await page.goto(await qrUrl(app.vendor));
    await page.getByText('1 / 5').waitFor();
    await page.goto(`${app.server.baseUrl}/wallet`);
    const keepSafe = page.locator('details', { hasText: 'Keep your cards safe' });
    await keepSafe.locator('summary').click();
    await keepSafe.getByLabel('E-mail', { exact: true }).fill(MALLORY);
    const savedAt = Date.now();
    await keepSafe.getByRole('button', { name: 'Save' }).click();
    await keepSafe.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
    await page.goto(linkFrom(await app.server.waitForMail(MALLORY, { since: savedAt }), '/wallet/confirm-email/'));
    await page.getByRole('heading', { name: 'Your e-mail is saved' }).waitFor();
    await page.goto(`${app.server.baseUrl}/wallet`);
    const recover = page.locator('details', { hasText: 'Used Stampwise on another phone?' });
    await recover.locator('summary').click();
    await recover.getByLabel('E-mail').fill(MALLORY);
    const askedAt = Date.now();
    await recover.getByRole('button', { name: 'Send me a link' }).click();
    await recover.getByRole('status').waitFor();
    forwarded = linkFrom(await app.server.waitForMail(MALLORY, { since: askedAt }), '/wallet/recover/');

    // The victim has a card of their own and opens the forwarded link.
    const victimPage = victim.page;
    await victimPage.goto(await qrUrl(bakery));
    await victimPage.getByText('1 / 10').waitFor();
    await victimPage.goto(forwarded);
    await victimPage.getByRole('heading', { name: 'This link was asked for on another phone' }).waitFor();
    await expect(victimPage.getByRole('alert').textContent()).resolves.toContain('If someone sent you this link, keep your cards');
    expect(await hasHorizontalScroll(victimPage)).toBe(false);
    await screenshot(victimPage, 'recovery-3-forwarded-link');
    await checkA11y(victimPage, 'on the forwarded-link question');

    await victimPage.getByRole('link', { name: 'Keep my cards here' }).click();
    await victimPage.getByRole('heading', { name: 'My stamp cards' }).waitFor();
    await expect(victimPage.getByRole('link', { name: /Harbour Bakery/ }).textContent()).resolves.toContain('1 / 10');
    expect(await victimPage.getByRole('link', { name: /Bean There Café/ }).count()).toBe(0);

    // The sender's wallet did not gain the victim's card.
    await page.goto(`${app.server.baseUrl}/wallet`);
    await page.getByRole('heading', { name: 'My stamp cards' }).waitFor();
    expect(await page.getByRole('link', { name: /Harbour Bakery/ }).count()).toBe(0);
    expect(sender.errors).toEqual([]);
    // The browser logs the server's 409 (the question) as a failed load; nothing else went wrong.
    expect(victim.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });

  it('asks a phone with no cards before the same link signs it in to the sender\'s wallet; "Not now" leaves it as it was', async () => {
    // The link is still unused: the victim kept their cards. A phone that never collected a stamp opens it.
    const stranger = await newPage(app.browser, { viewport: PHONE, isMobile: true });
    const { page } = stranger;
    await page.goto(forwarded);
    await page.getByRole('heading', { name: 'Sign in to this wallet on this phone?' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('If someone sent you this link, choose Not now');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'recovery-4-forwarded-link-no-cards');
    await checkA11y(page, 'on the forwarded-link sign-in question');
    // Nothing signed in: the phone has no credential yet.
    await expect(page.evaluate(() => localStorage.getItem('stampwise.customer'))).resolves.toBeNull();

    await page.getByRole('link', { name: 'Not now' }).click();
    await page.getByRole('heading', { name: 'No stamp cards yet' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('stampwise.customer'))).resolves.toBeNull();
    expect(stranger.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await stranger.context.close();
  });
});
