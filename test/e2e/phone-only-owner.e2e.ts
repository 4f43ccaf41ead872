// The owner of a one-person coffee cart who has only an Android phone (360 × 740, touch, en-GB, London): signs up,
// opens the verification mail's link on the phone, scans a photo of the menu and corrects it on the small screen,
// sets up the punch card, shows the counter QR (a new one every 60 s, on the page's own clock), lets a second phone
// collect and claim, hands the reward over, prints the flyer and signs out. Every screen fits the width, and the
// primary actions are fingertip-sized (44 × 44 CSS px).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { column, page as menuPage, photograph, type Line, type Text } from '../fixtures/menus/photo-general';
import { animationsSettled, hasHorizontalScroll, launchBrowser, linkFrom, screenshot, startServer, type E2eServer } from './harness';

const PHONE = { width: 360, height: 740 };
/** WCAG 2.5.5's target size, and Android's and Apple's guides' (48 dp, 44 pt). */
const FINGERTIP = 44;

const MENU: Line[] = [
  ['Espresso', '£2.20', 220],
  ['Flat White', '£3.20', 320],
  ['Cappuccino', '£3.40', 340],
  ['Oat Latte', '£3.70', 370],
  ['Hot Chocolate', '£3.50', 350],
  ['Almond Croissant', '£3.10', 310],
  ['Banana Bread', '£2.90', 290],
];

/** A phone photo of the cart's printed menu: turned a little, the top further away, light falling off, grain. */
function menuPhoto(): Promise<Buffer> {
  const texts: Text[] = [{ text: "SAM'S COFFEE CART", x: 600, y: 190, size: 72, bold: true, anchor: 'middle' }, ...column(MENU, 140, 1060, 330, 50).texts];
  return photograph(menuPage(1200, 1600, 'DejaVu Sans', texts, '#f5efe2', '#2a2119'), { turn: 3, keystone: 0.94, falloff: 0.8, noise: 6, quality: 85 });
}

interface Phone {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function openPhone(browser: Browser): Promise<Phone> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Fails naming the control when it is smaller than a fingertip either way. */
async function expectFingertipSized(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  if (box.width < FINGERTIP || box.height < FINGERTIP) {
    const name = ((await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '').trim();
    throw new Error(`"${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px, smaller than a fingertip (${FINGERTIP} × ${FINGERTIP})`);
  }
}

async function expectFitsTheWidth(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  await screenshot(page, `phone-only-owner-${name}`, { fullPage: false });
  expect(await hasHorizontalScroll(page)).toBe(false);
}

let server: E2eServer;
let browser: Browser;
let sam: Phone;
let page: Page;
let vendorId = '';

/** Sam's session token, as the app keeps it. */
const samToken = (): Promise<string> => page.evaluate(() => localStorage.getItem('token') ?? '');

async function qrUrl(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/qrcode/generate/${vendorId}`, { headers: { authorization: `Bearer ${await samToken()}` } });
  return ((await response.json()) as QrTokenResponse).url;
}

beforeAll(async () => {
  server = await startServer({ STAMP_COOLDOWN_MINUTES: '0' });
  browser = await launchBrowser();
  sam = await openPhone(browser);
  page = sam.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('an owner with only a phone, at 360 px', () => {
  it('registers, opens the verification link on the phone and sets a password', async () => {
    const email = `sam${Date.now()}@cart.example`;
    await page.goto(`${server.baseUrl}/register`);
    await page.getByLabel('Full Name').fill('Sam Carter');
    await page.getByLabel('Business/Company').fill("Sam's Coffee Cart");
    await page.getByLabel('Email Address').fill(email);
    expect(await page.getByLabel('Email Address').getAttribute('type')).toBe('email');
    await expectFingertipSized(page.getByRole('button', { name: 'Next' }));
    await expectFitsTheWidth(page, '1-register');
    await page.getByRole('button', { name: 'Next' }).tap();

    await page.getByLabel('Store Address').fill('Market Square, Bristol BS1 1AA');
    await page.getByLabel('Opening Hours').fill('Mon–Sat 7:00–14:00');
    await expectFingertipSized(page.getByRole('button', { name: 'Register' }));
    const since = Date.now();
    await page.getByRole('button', { name: 'Register' }).tap();
    await page.getByText('Account Created').waitFor();

    await page.goto(linkFrom(await server.waitForMail(email, { since }), '/verify/'));
    await page.getByText('Verification Successful!').waitFor();
    await page.getByLabel('Password').fill('cart-coffee-Bristol-2026');
    await expectFingertipSized(page.getByRole('button', { name: 'Complete Registration' }));
    await expectFitsTheWidth(page, '2-verified');
    await page.getByRole('button', { name: 'Complete Registration' }).tap();
    await page.waitForURL('**/dashboard/**');
    vendorId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.locator('main h1').first().waitFor();
  });

  it('scans a photo of the menu taken with the phone and corrects it on the small screen', async () => {
    await page.getByRole('button', { name: /^Account menu/ }).tap();
    await page.getByRole('menuitem', { name: 'Store Settings' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Store Settings' });
    await dialog.getByRole('tab', { name: 'Menu & Items' }).tap();
    // The phone offers its camera for an image input: the menu input takes photos.
    expect(await dialog.locator('#menu-upload-input').getAttribute('accept')).toContain('image/jpeg');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload menu' }).tap();
    await (await chooser).setFiles({ name: 'IMG_20261127_081502.jpg', mimeType: 'image/jpeg', buffer: await menuPhoto() });
    await dialog.getByText(/^✅ Added \d+ new item\(s\) from menu\.$/).waitFor({ timeout: 120_000 });

    const review = dialog.getByRole('region', { name: 'Check the new items' });
    await review.getByRole('img', { name: 'Your menu' }).waitFor();
    await expectFitsTheWidth(page, '3-menu-review');
    // Each name reads whole in its box (beside a price box it was cut to "Almond Cro").
    const names = review.getByRole('textbox', { name: /^Name of / });
    expect(await names.count()).toBeGreaterThanOrEqual(MENU.length - 1);
    for (const name of await names.all()) {
      const shown = await name.evaluate((input: HTMLInputElement) => ({ name: input.value, whole: input.scrollWidth <= input.clientWidth }));
      expect(shown).toEqual({ name: shown.name, whole: true });
    }
    const removeBanana = review.getByRole('button', { name: 'Remove Banana Bread' });
    await expectFingertipSized(removeBanana);
    await expectFingertipSized(review.getByRole('button', { name: 'Show where Banana Bread was read' }));
    await screenshot(page, 'phone-only-owner-3b-review-rows', { fullPage: false });
    await removeBanana.tap();
    await review.getByRole('textbox', { name: 'Name of Banana Bread' }).waitFor({ state: 'detached' });

    await expectFingertipSized(dialog.getByRole('button', { name: 'Close' }));
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('sets up the punch card: 2 Flat Whites, get 1 free', async () => {
    await page.goto(`${server.baseUrl}/rewards/${vendorId}`);
    await page.getByRole('spinbutton', { name: 'Punches Required' }).fill('2');
    await page.getByRole('combobox', { name: 'Qualifying Item' }).tap();
    await page.locator('.ant-select-item-option', { hasText: 'Flat White' }).tap();
    const update = page.getByRole('button', { name: 'Update Reward Setup' });
    await expectFingertipSized(update);
    await expectFitsTheWidth(page, '4-rewards');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/rewards/${vendorId}`) && r.request().method() === 'POST');
    await update.tap();
    expect((await saved).status()).toBe(200);
  });

  it('shows the counter QR on the same phone: a new code every 60 s on the page clock', async () => {
    await page.clock.install();
    await page.goto(`${server.baseUrl}/qr-code/${vendorId}`);
    const preview = page.getByTestId('token-preview');
    await page.getByTestId('qr-code').waitFor();
    const first = await preview.textContent();
    await expectFingertipSized(page.getByRole('button', { name: 'Regenerate now' }));
    await expectFitsTheWidth(page, '5-qr');
    await page.clock.runFor(61_000);
    await page.getByTestId('token-preview').filter({ hasNotText: first ?? '' }).waitFor();
  });

  it('a customer’s phone collects two stamps and claims; Sam hands the Flat White over from the live feed', async () => {
    const customer = await openPhone(browser);
    try {
      for (const progress of ['1 / 2', '2 / 2']) {
        await customer.page.goto(await qrUrl());
        await customer.page.getByText(progress).waitFor();
      }
      await customer.page.getByRole('button', { name: 'Claim reward' }).tap();
      await customer.page.getByRole('button', { name: 'Claim now' }).tap();
      await customer.page.getByRole('dialog', { name: 'Reward ready — show this to staff' }).waitFor();
      const code = (await customer.page.getByTestId('handover-code').textContent()) ?? '';

      const line = page.getByTestId('live-feed').locator('li', { hasText: 'Reward claimed by' }).first();
      await line.getByText(`Waiting · ${code}`).waitFor();
      const handOver = line.getByRole('button', { name: new RegExp(`^Hand over Flat White to .+ \\(code ${code}\\)$`) });
      await expectFingertipSized(handOver);
      await handOver.tap();
      await customer.page.getByTestId('handover-given').waitFor();
      await expectFitsTheWidth(customer.page, '6-customer-given');
      expect(customer.errors).toEqual([]);
    } finally {
      await customer.context.close();
    }
  });

  it('prints the flyer from the phone', async () => {
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'Print flyer' }).tap();
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('heading', { name: 'Unlock Your Rewards' }).waitFor();
    await screenshot(page, 'phone-only-owner-7-flyer-print');
    expect(await page.getByRole('button', { name: 'Regenerate now' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  it('sees the day’s stamps in Reward Activity without the page scrolling sideways', async () => {
    await page.goto(`${server.baseUrl}/rewards/${vendorId}`);
    await page.getByRole('button', { name: /^Remove stamp: / }).first().waitFor();
    await expectFitsTheWidth(page, '7b-reward-activity');
  });

  it('in Arabic, the profile menu opens inside the screen (mirrored, at the bar’s left end)', async () => {
    await page.getByRole('button', { name: /^Account menu/ }).tap();
    await page.getByRole('menuitemradio', { name: 'العربية' }).tap();
    await page.locator('html[dir="rtl"]').waitFor();
    await page.locator('button.sw-profile').tap();
    const menu = page.locator('.sw-profile-menu__list');
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectFitsTheWidth(page, '7c-arabic-profile-menu');
    await expectFingertipSized(page.getByRole('menuitemradio', { name: 'English' }));
    await page.getByRole('menuitemradio', { name: 'English' }).tap();
    await page.locator('html[dir="ltr"]').waitFor();
  });

  it('reads the campaign preview and signs out', async () => {
    await page.goto(`${server.baseUrl}/campaigns/${vendorId}`);
    const meta = page.locator('.sw-notification-meta');
    await meta.waitFor();
    expect(parseFloat(await meta.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(12);
    await expectFitsTheWidth(page, '8-campaigns');

    await page.getByRole('button', { name: /^Account menu/ }).tap();
    await page.getByRole('menuitem', { name: 'Logout' }).tap();
    await page.waitForURL('**/login');
    await expectFingertipSized(page.getByRole('button', { name: 'Sign In' }));
    expect(await page.getByLabel('Username').getAttribute('inputmode')).toBe('email');
    await expectFitsTheWidth(page, '9-signed-out');
    expect(sam.errors).toEqual([]);
  });
});
