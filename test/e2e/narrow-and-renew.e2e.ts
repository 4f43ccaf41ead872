// Phones and the flyer code in a real browser: at 375 px the nav bar folds into a Menu button, the dashboard and
// QR pages neither scroll sideways nor fail axe-core; 'Renew flyer code' on the QR page replaces the flyer's QR.
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import type { PrintableQrResponse } from '../../src/api/contract/qrcode';
import {
  SCREENSHOT_DIR,
  checkA11y,
  hasHorizontalScroll,
  openVendorPage,
  settledScreenshot,
  useE2eApp,
  vendorApi,
  type PageHandle,
} from './harness';

const PHONE = { width: 375, height: 812 };

const app = useE2eApp();

/** The text of the QR code in a PNG image, or null when none is found. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

/** The vendor's `route` page, on a phone unless `viewport` is 768 px wide or more. */
const openAt = (route: string, viewport = PHONE): Promise<PageHandle> =>
  openVendorPage(app, route, { viewport, isMobile: viewport.width < 768 });

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const profileButton = (page: Page) => page.getByRole('button', { name: /^Account menu: / });

describe('at 375 px (a phone)', () => {
  it('the dashboard fits: page buttons folded behind Menu, profile menu in the bar, no sideways scroll, no axe violations', async () => {
    const { page, context, errors } = await openAt('dashboard');
    try {
      await page.getByTestId('sample-data-tag').first().waitFor();
      expect(await menuButton(page).isVisible()).toBe(true);
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
      expect(await mainNav(page).isVisible()).toBe(false);
      expect(await page.getByRole('search').isVisible()).toBe(false);
      await profileButton(page).waitFor();
      // The whole bar fits in the viewport's width.
      const bar = await page.locator('.sw-nav__inner').boundingBox();
      expect(bar && bar.x >= 0 && bar.x + bar.width <= PHONE.width).toBe(true);

      await settledScreenshot(page, 'narrow-dashboard-375');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await checkA11y(page, 'on the dashboard at 375 px');

      // The profile menu opens from the bar, with its items.
      await profileButton(page).click();
      await page.getByRole('menuitem', { name: /Store Settings/ }).waitFor();
      expect(await page.getByRole('menuitem', { name: /Account Settings/ }).getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: /Store Settings/ }).waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the Menu button opens the page buttons and the search box, and navigates', async () => {
    const { page, context, errors } = await openAt('dashboard');
    try {
      await menuButton(page).click();
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
      const nav = mainNav(page);
      await nav.waitFor();
      for (const name of ['Dashboard', 'Rewards', 'QR Code', 'Campaigns', 'Help & Resources']) {
        expect(await nav.getByRole('button', { name, exact: true }).isEnabled()).toBe(true);
      }
      expect(await nav.getByRole('button', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('search').isVisible()).toBe(true);

      await settledScreenshot(page, 'narrow-menu-open-375', false);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await checkA11y(page, 'with the menu open at 375 px');

      await nav.getByRole('button', { name: 'QR Code' }).click();
      await page.waitForURL(`**/qr-code/${app.vendor.vendorId}`);
      await page.getByRole('heading', { level: 1, name: 'Scan This QR Code' }).waitFor();
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
      expect(await mainNav(page).isVisible()).toBe(false);

      // From the keyboard: Enter opens, Tab reaches the page buttons, Escape closes and gives focus back.
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      await mainNav(page).waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await mainNav(page).getByRole('button', { name: 'Dashboard' }).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await mainNav(page).waitFor({ state: 'hidden' });
      expect(await menuButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the QR page fits, with no axe violations', async () => {
    const { page, context, errors } = await openAt('qr-code');
    try {
      await page.getByTestId('qr-code').waitFor();
      await page.getByRole('button', { name: 'Renew flyer code' }).waitFor();
      await settledScreenshot(page, 'narrow-qr-375');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await checkA11y(page, 'on the QR page at 375 px');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('from 768 px up the bar is unchanged', () => {
  it.each([768, 1280])('at %i px the page buttons and the search box are in the bar, no Menu button', async (width) => {
    const { page, context } = await openAt('dashboard', { width, height: 900 });
    try {
      expect(await menuButton(page).isVisible()).toBe(false);
      expect(await mainNav(page).getByRole('button', { name: 'Rewards' }).isVisible()).toBe(true);
      expect(await page.getByRole('search').isVisible()).toBe(true);
      expect(await hasHorizontalScroll(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('Renew flyer code (QR page, at 375 px)', () => {
  let handle: PageHandle;
  let page: Page;

  beforeAll(async () => {
    handle = await openAt('qr-code');
    page = handle.page;
    await page.getByTestId('qr-code').waitFor();
  });

  afterAll(async () => {
    await handle?.context.close();
  });

  const printable = () => vendorApi<PrintableQrResponse>(app.server, app.vendor, 'POST', '/api/qrcode/printable', { vendorId: app.vendor.vendorId });
  const dialog = () => page.getByRole('dialog', { name: 'Renew your flyer code?' });

  it("'Keep current code' leaves the flyer code as it was", async () => {
    const before = await printable();
    await page.getByRole('button', { name: 'Renew flyer code' }).click();
    await dialog().waitFor();
    await page.getByText('Flyers you printed before stop working at once').waitFor();
    await settledScreenshot(page, 'narrow-renew-confirm-375', false);
    await checkA11y(page, 'with the renew confirmation open at 375 px');
    await page.getByRole('button', { name: 'Keep current code' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await page.getByTestId('flyer-qr').count()).toBe(0);
    expect((await printable()).url).toBe(before.url);
  });

  it('confirmed, the flyer gets a new QR, shown on the page, and the downloaded flyer carries it', async () => {
    const before = await printable();
    await page.getByRole('button', { name: 'Renew flyer code' }).click();
    const renewal = page.waitForResponse((r) => r.url().endsWith('/api/qrcode/printable') && r.request().method() === 'POST');
    await dialog().getByRole('button', { name: 'Renew code' }).click();
    expect((await renewal).status()).toBe(200);
    // The new code stays on the page; the success toast beside it lasts 3 s, which a loaded machine can miss.
    await page.getByTestId('flyer-qr').waitFor();
    await dialog().waitFor({ state: 'hidden' });

    const after = await printable();
    expect(after.url).not.toBe(before.url);
    const shown = page.getByTestId('flyer-qr');
    await shown.scrollIntoViewIfNeeded();
    expect(decodeQr(await shown.screenshot())).toBe(after.url);
    expect(await page.getByTestId('flyer-token-preview').textContent()).toBe(`${after.token.slice(0, 12)}…`);

    // The viewport only (a full-page capture of a scrolled page paints the sticky bar mid-page), showing the whole section.
    await page.getByTestId('flyer-code-section').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await settledScreenshot(page, 'narrow-renewed-375', false);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await checkA11y(page, 'after renewing the flyer code at 375 px');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download new flyer' }).click()]);
    expect(download.suggestedFilename()).toBe('stampwise-flyer.png');
    const file = path.join(SCREENSHOT_DIR, 'narrow-renewed-flyer.png');
    await download.saveAs(file);
    expect(decodeQr(fs.readFileSync(file))).toBe(after.url);
    expect(handle.errors).toEqual([]);
  });
});
