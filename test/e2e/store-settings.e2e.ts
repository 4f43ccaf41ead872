// Store Settings in a real browser: edit the profile with a logo (the nav bar follows), add and delete
// menu items, scan a rendered menu image into items, and screenshot every tab at 1280 px and 768 px.
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import type { VendorResponse } from '../../src/api/contract/vendor';
import { animationsSettled, checkA11y, hasHorizontalScroll, imageShows, logoPng, newPage, screenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });
let handle: PageHandle;
let page: Page;

/** A wide cover: warm gradient with soft circles, like a blurred café photo. */
function coverJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#d9a066"/><stop offset="1" stop-color="#5a3520"/></linearGradient></defs>
    <rect width="1200" height="400" fill="url(#g)"/>
    <circle cx="220" cy="120" r="90" fill="#fff" opacity="0.12"/>
    <circle cx="900" cy="300" r="160" fill="#fff" opacity="0.08"/>
    <circle cx="640" cy="80" r="50" fill="#fff" opacity="0.15"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A small, clear printed menu: a heading and dot-leader lines in DejaVu Sans. */
function menuPng(): Promise<Buffer> {
  const lines = ['Flat White ..... 4.20', 'Croissant ..... 3.50'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="420">
    <rect width="900" height="420" fill="#ffffff"/>
    <text x="80" y="110" font-family="DejaVu Sans" font-size="56" font-weight="bold" fill="#111">MENU</text>
    ${lines.map((line, i) => `<text x="80" y="${230 + i * 90}" font-family="DejaVu Sans" font-size="44" fill="#111">${line}</text>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const dialog = (): Locator => page.locator('.ant-modal').filter({ hasText: 'Store Settings' });
const tab = (name: string): Locator => dialog().getByRole('tab', { name, exact: true });

/** Clicks a tab and waits until it is the selected one. */
async function openTab(name: string): Promise<void> {
  await tab(name).click();
  await dialog().getByRole('tab', { name, exact: true, selected: true }).waitFor();
}
const itemRows = (): Locator => dialog().locator('.sw-items__row');
const navBar = (): Locator => page.locator('header');

async function openStoreSettings(): Promise<void> {
  await navBar().getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Store Settings' }).click();
  await dialog().getByLabel('Company').waitFor();
  // The dialog zooms open from the menu; it is clicked once it stands still, as a person would.
  await animationsSettled(page);
}

async function loadVendor(): Promise<VendorResponse> {
  return vendorApi<VendorResponse>(app.server, app.vendor, 'GET', `/api/vendor/${app.vendor.vendorId}`);
}

/** The optimistic UI is ahead of the server: reads until `done` says the server has caught up (or 10 s pass). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** Waits for images in the dialog and the nav bar to finish loading before a screenshot. */
async function imagesLoaded(): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

/** A screenshot of the viewport once images are in and transitions (tab ink bar, modal zoom) have ended. */
async function shot(name: string): Promise<void> {
  await imagesLoaded();
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  await screenshot(page, name, { fullPage: false });
}

beforeAll(async () => {
  handle = await newPage(app.browser, { viewport: { width: 1280, height: 800 } });
  page = handle.page;
  await signInPage(page, app.server, app.vendor);
  await navBar().getByText('Bean There Café').waitFor();
});

describe('Store Settings dialog', () => {
  test('Setup: change the company and upload a logo and cover; after Save the nav bar shows them', async () => {
    await openStoreSettings();
    const company = dialog().getByLabel('Company');
    expect(await company.inputValue()).toBe('Bean There Café');
    expect(await dialog().getByRole('button', { name: 'Save' }).isVisible()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    await shot('store-settings-setup-1280');

    await company.fill('Harbour Roasters');
    await dialog().locator('#store-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await dialog().locator('#store-cover').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await coverJpeg() });
    await dialog().getByAltText('Logo preview').waitFor();
    await dialog().getByAltText('Cover image preview').waitFor();
    await imagesLoaded();
    await checkA11y(page, 'in the Setup tab');
    await shot('store-settings-setup-edited-1280');

    await openTab('Preview');
    const card = dialog().getByRole('article', { name: 'Harbour Roasters store preview' });
    await card.waitFor();
    expect(await card.getByRole('heading', { name: 'Harbour Roasters' }).isVisible()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shot('store-settings-preview-1280');

    await openTab('Setup');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'hidden' });

    // The nav bar reloads the vendor: the new name and the uploaded logo, served by the API.
    await navBar().getByText('Harbour Roasters').waitFor();
    const navLogo = navBar().getByAltText('Harbour Roasters logo');
    await navLogo.waitFor();
    expect(await navLogo.getAttribute('src')).toMatch(/^\/api\/images\//);
    expect(await imageShows(navLogo)).toBe(true);

    const saved = await loadVendor();
    expect(saved.vendor.company).toBe('Harbour Roasters');
    expect(saved.vendor.logo).toMatch(/^\/api\/images\//);
    expect(saved.vendor.banner).toMatch(/^\/api\/images\//);
    await shot('store-settings-saved-navbar-1280');
  });

  test('Menu & Items: add an item (a bad price is refused), then delete it after confirming', async () => {
    await openStoreSettings();
    await openTab('Menu & Items');
    expect(await dialog().getByRole('button', { name: 'Save' }).count()).toBe(0);

    await dialog().getByLabel('Item name').fill('Banana Bread');
    await dialog().getByLabel('Price').fill('three');
    await dialog().getByRole('button', { name: 'Add' }).click();
    const priceAlert = dialog().getByRole('alert').filter({ hasText: 'Price must be a valid number' });
    await priceAlert.waitFor();
    expect(await priceAlert.locator('.anticon-close-circle').isVisible()).toBe(true);
    expect(await itemRows().count()).toBe(0);
    await shot('store-settings-price-error-1280');

    await dialog().getByLabel('Price').fill('3.5');
    await dialog().getByRole('button', { name: 'Add' }).click();
    const row = itemRows().filter({ hasText: 'Banana Bread' });
    await row.waitFor();
    expect(await row.innerText()).toContain('$3.50');
    expect(await eventually(async () => (await loadVendor()).items.map((item) => item.name), (names) => names.length > 0)).toEqual(['Banana Bread']);

    await dialog().getByRole('button', { name: 'Delete Banana Bread' }).click();
    const confirm = page.locator('.ant-popover').filter({ hasText: 'Are you sure you want to delete "Banana Bread"?' });
    await confirm.waitFor();
    await shot('store-settings-delete-confirm-1280');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await eventually(async () => (await loadVendor()).items, (items) => items.length === 0)).toEqual([]);
  });

  test('Menu upload: the scan shows its spinner, then the items of the menu image appear', async () => {
    // The dialog is still open from the previous test, on the Menu & Items tab.
    const uploadButton = dialog().getByRole('button', { name: 'Upload menu' });
    // Records what the page showed while the request ran, however quickly the scan finishes.
    await page.evaluate(() => {
      const seen = { spinner: false, disabled: false };
      (window as unknown as { __scanSeen: typeof seen }).__scanSeen = seen;
      new MutationObserver(() => {
        const status = document.querySelector('.sw-menu-upload__scanning');
        if (status?.textContent?.includes('Scanning menu with AI...') && status.querySelector('.ant-spin')) seen.spinner = true;
        const button = Array.from(document.querySelectorAll<HTMLButtonElement>('.sw-menu-upload button')).find((b) => b.textContent?.includes('Upload menu'));
        if (status && button?.disabled) seen.disabled = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });

    await dialog().locator('#menu-upload-input').setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: await menuPng() });
    const result = dialog().getByText('✅ Added 2 new item(s) from menu.');
    await result.waitFor({ timeout: 120_000 });
    const seen = await page.evaluate(() => (window as unknown as { __scanSeen: { spinner: boolean; disabled: boolean } }).__scanSeen);
    expect(seen).toEqual({ spinner: true, disabled: true });
    expect(await uploadButton.isEnabled()).toBe(true);

    expect(await itemRows().allInnerTexts()).toEqual([expect.stringMatching(/Flat White\s+\$4\.20/), expect.stringMatching(/Croissant\s+\$3\.50/)]);
    const saved = await loadVendor();
    expect(saved.items.map(({ name, price }) => ({ name, price }))).toEqual([
      { name: 'Flat White', price: 4.2 },
      { name: 'Croissant', price: 3.5 },
    ]);
    await checkA11y(page, 'in the Menu & Items tab');
    await shot('store-settings-menu-1280');

    // The same menu again: everything is already on it.
    await dialog().locator('#menu-upload-input').setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: await menuPng() });
    await dialog().getByText('⚠️ Every item found (2) is already on your menu, so nothing new was added.').waitFor({ timeout: 120_000 });
    expect(await itemRows().count()).toBe(2);

    await openTab('Preview');
    await dialog().getByRole('article').getByText('$4.20').waitFor();
    await shot('store-settings-preview-menu-1280');
  });

  test('at 768 px the dialog fits without sideways scrolling', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await openTab('Setup');
    await imagesLoaded();
    expect(await hasHorizontalScroll(page)).toBe(false);
    const box = await dialog().locator('.ant-modal-container').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 768).toBe(true);
    await shot('store-settings-setup-768');
    await openTab('Menu & Items');
    await shot('store-settings-menu-768');
    await openTab('Preview');
    await shot('store-settings-preview-768');

    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(handle.errors.filter((line) => !line.includes('Failed to load resource'))).toEqual([]);
  });
});
