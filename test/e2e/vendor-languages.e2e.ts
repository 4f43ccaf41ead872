// The vendor's everyday screens in another language: a vendor switches the profile menu to German and Store
// Settings, Rewards, the QR code and the Dashboard read German, with none of their English texts left over;
// in Arabic the same screens mirror and fit a 390 px phone without sideways scrolling.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { animationsSettled, hasHorizontalScroll, newPage, settledScreenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });

/** The catalogue files of these screens. */
const SCREEN_FILES = ['storeSettings', 'menuItems', 'menuUpload', 'storePreview', 'unsavedChanges', 'rewards', 'qr', 'firstDay', 'dashboard'];
const MESSAGES = path.resolve(__dirname, '../../src/i18n/messages');

function catalogue(locale: string): Record<string, string> {
  return Object.assign({}, ...SCREEN_FILES.map((file) => JSON.parse(fs.readFileSync(path.join(MESSAGES, locale, 'app', `${file}.json`), 'utf8')) as Record<string, string>));
}

/**
 * What would betray an English leftover: each English text of these screens that German writes differently,
 * whole when it has no placeholder, else its fixed start (when long enough to be unmistakable).
 */
function englishTells(): { whole: string[]; starts: string[] } {
  const english = catalogue('en');
  const german = catalogue('de');
  const whole: string[] = [];
  const starts: string[] = [];
  for (const [key, text] of Object.entries(english)) {
    if (german[key] === text) continue;
    const fixed = text.split('{')[0].trim();
    if (!text.includes('{')) whole.push(text);
    else if (fixed.length >= 12) starts.push(fixed);
  }
  return { whole, starts };
}

/**
 * Sections of these pages whose words come from other catalogues (the QR page's stamp budget shares a generic
 * "Save" with Store Settings): their texts are checked with their own screens.
 */
const SECTIONS_OF_OTHER_SCREENS = '[data-testid="stamp-budget"]';

/** The visible texts inside `scope` that are English texts of these screens. */
async function englishLeftovers(scope: Locator): Promise<string[]> {
  const tells = { ...englishTells(), skip: SECTIONS_OF_OTHER_SCREENS };
  return scope.evaluate((root, { whole, starts, skip }) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node.textContent ?? '').trim();
      if (!text || !parent || parent.closest(`script, style, ${skip}`) || !parent.checkVisibility()) continue;
      if (whole.includes(text) || starts.some((start) => text.startsWith(start))) found.push(text);
    }
    // Labels and placeholders are read too, though they are not text nodes.
    for (const element of Array.from(root.querySelectorAll('[aria-label], [placeholder], [title]'))) {
      if (element.closest(skip)) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value && (whole.includes(value) || starts.some((start) => value.startsWith(start)))) found.push(`${name}="${value}"`);
      }
    }
    return found;
  }, tells);
}

let handle: PageHandle;
let page: Page;

async function chooseLanguage(currentMenuName: RegExp, language: string, nextMenuName: RegExp): Promise<void> {
  await page.locator('header').getByRole('button', { name: currentMenuName }).click();
  await page.getByRole('menuitemradio', { name: language }).click();
  await page.locator('header').getByRole('button', { name: nextMenuName }).waitFor();
}

async function openPage(route: string, heading: string): Promise<void> {
  await page.goto(`${app.server.baseUrl}/${route}/${app.vendor.vendorId}`);
  await page.locator('main h1').filter({ hasText: heading }).first().waitFor();
  await animationsSettled(page);
}

beforeAll(async () => {
  // A menu item with a price, so the Menu & Items tab shows a price in the page's language.
  await vendorApi(app.server, app.vendor, 'POST', `/api/vendor/${app.vendor.vendorId}/add-item`, { itemName: 'Flat White', itemPrice: 3.5 });
  handle = await newPage(app.browser, { viewport: { width: 1280, height: 900 } });
  page = handle.page;
  await signInPage(page, app.server, app.vendor);
  await chooseLanguage(/^Account menu/, 'Deutsch', /^Kontomenü/);
});
afterAll(() => handle?.context.close());

describe('a vendor who switched the profile menu to German', () => {
  it('reads Store Settings in German, every tab, with prices written the German way', async () => {
    await page.locator('header').getByRole('button', { name: /^Kontomenü/ }).click();
    await page.getByRole('menuitem', { name: 'Geschäftseinstellungen' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Geschäftseinstellungen' });
    await dialog.getByLabel('Geschäftsname').waitFor();
    await animationsSettled(page);
    await expect(englishLeftovers(dialog)).resolves.toEqual([]);
    for (const tab of ['Vorschau', 'Karte & Artikel']) {
      await dialog.getByRole('tab', { name: tab, exact: true }).click();
      await dialog.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
      await animationsSettled(page);
      await expect(englishLeftovers(dialog)).resolves.toEqual([]);
    }
    await dialog.getByText('Artikel auf der Karte').waitFor();
    // A dollar store's price in German: the amount first, a decimal comma, the sign after it.
    await expect(dialog.locator('.sw-items__price').first().textContent()).resolves.toMatch(/^3,50\s\$$/);
    await settledScreenshot(page, 'vendor-languages-de-store-settings', false);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('reads Rewards, the QR code and the Dashboard in German, with no English text of theirs left', async () => {
    for (const [route, heading] of [
      ['rewards', 'Prämien einrichten und verwalten'],
      ['qr-code', 'Diesen QR-Code scannen'],
      ['dashboard', 'Übersicht'],
    ] as const) {
      await openPage(route, heading);
      await expect(englishLeftovers(page.locator('main'))).resolves.toEqual([]);
      await settledScreenshot(page, `vendor-languages-de-${route}`);
    }
    // The dashboard's sample total, grouped the German way.
    await expect(page.getByText('1.234', { exact: true }).isVisible()).resolves.toBe(true);
  });
});

describe('the same vendor in Arabic on a phone', () => {
  it('Store Settings, Rewards, the QR code and the Dashboard mirror and fit 390 px without sideways scrolling', async () => {
    await openPage('dashboard', 'Übersicht');
    await chooseLanguage(/^Kontomenü/, 'العربية', /^قائمة الحساب/);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    for (const [route, heading] of [
      ['rewards', 'إعداد المكافآت وإدارتها'],
      ['qr-code', 'امسح رمز QR هذا'],
      ['dashboard', 'لوحة التحكم'],
    ] as const) {
      await openPage(route, heading);
      await expect(page.locator('main').evaluate((main) => getComputedStyle(main).direction)).resolves.toBe('rtl');
      await expect(hasHorizontalScroll(page)).resolves.toBe(false);
      await settledScreenshot(page, `vendor-languages-ar-390-${route}`);
    }
    await page.locator('header').getByRole('button', { name: /^قائمة الحساب/ }).click();
    await page.getByRole('menuitem', { name: 'إعدادات المتجر' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'إعدادات المتجر' });
    await dialog.getByLabel('اسم المتجر').waitFor();
    await animationsSettled(page);
    await expect(dialog.evaluate((element) => getComputedStyle(element).direction)).resolves.toBe('rtl');
    await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    await settledScreenshot(page, 'vendor-languages-ar-390-store-settings', false);
  });
});
