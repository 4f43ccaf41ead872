// Checking a scanned menu in a real browser: a generated photo of a tilted two-column menu is scanned by the
// real scanner; its new items stand beside the straightened picture with outlines on the lines they were
// read from; clicking an item highlights its outline; a price corrected in place and an item removed in one
// click are what the menu then holds.
import type { Locator, Page } from 'playwright-core';
import type { MenuItemDto, MenuScanReviewResponse, VendorResponse } from '../../src/api/contract/vendor';
import { corpus } from '../fixtures/menus/corpus';
import { animationsSettled, checkA11y, newPage, screenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const app = useE2eApp({ vendor: { company: 'Blue Door Kitchen' } });
let handle: PageHandle;
let page: Page;

/** m09 of the generated corpus (development half): a photo with tilt, blur and noise; two columns, $ prices. */
const MENU_ID = 'm09';

const dialog = (): Locator => page.locator('.ant-modal').filter({ hasText: 'Store Settings' });
const review = (): Locator => dialog().getByRole('region', { name: 'Check the new items' });
const menuRows = (): Locator => dialog().locator('.sw-items__row');

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

beforeAll(async () => {
  handle = await newPage(app.browser, { viewport: { width: 1280, height: 900 } });
  page = handle.page;
  await signInPage(page, app.server, app.vendor);
  await page.locator('header').getByText('Blue Door Kitchen').waitFor();
});

describe('Checking a scanned menu', () => {
  let scanned: MenuItemDto[];

  test('after the scan, the new items stand beside the menu picture, each outlined where it was read', async () => {
    await page.locator('header').getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Store Settings' }).click();
    await dialog().getByLabel('Company').waitFor();
    await animationsSettled(page);
    await dialog().getByRole('tab', { name: 'Menu & Items', exact: true }).click();

    const menu = corpus().find((candidate) => candidate.id === MENU_ID)!;
    await dialog().locator('#menu-upload-input').setInputFiles({ name: 'menu.jpg', mimeType: 'image/jpeg', buffer: await menu.render() });
    await dialog().getByText(/^✅ Added \d+ new item\(s\) from menu\.$/).waitFor({ timeout: 150_000 });

    scanned = (await loadVendor()).items;
    expect(scanned.length).toBeGreaterThanOrEqual(10);
    const picture = review().getByRole('img', { name: 'Your menu' });
    await picture.waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));

    // Every item read from the picture has its outline, inside the picture.
    const uploadId = scanned[0]!.uploadId!;
    const places = await vendorApi<MenuScanReviewResponse>(app.server, app.vendor, 'GET', `/api/vendor/${app.vendor.vendorId}/menu-scans/${uploadId}`);
    expect(places.regions.length).toBe(scanned.length);
    const outlines = review().locator('.sw-scan-review__outline');
    expect(await outlines.count()).toBe(scanned.length);
    const pictureBox = (await picture.boundingBox())!;
    for (const box of await Promise.all((await outlines.all()).map((outline) => outline.boundingBox()))) {
      expect(box!.x).toBeGreaterThanOrEqual(pictureBox.x - 1);
      expect(box!.y).toBeGreaterThanOrEqual(pictureBox.y - 1);
      expect(box!.x + box!.width).toBeLessThanOrEqual(pictureBox.x + pictureBox.width + 1);
      expect(box!.y + box!.height).toBeLessThanOrEqual(pictureBox.y + pictureBox.height + 1);
    }
    // Two columns: the second column's items are outlined on the right half of the picture.
    const rightHalf = places.regions.filter((region) => region.x > 0.4);
    expect(rightHalf.length).toBeGreaterThanOrEqual(2);
    await checkA11y(page, 'in the menu scan review');
    await screenshot(page, 'menu-review-1280', { fullPage: false });
  });

  test('clicking an item highlights where it was read', async () => {
    const [first, second] = scanned;
    const outline = review().getByRole('button', { name: `${second!.name} on the menu` });
    expect(await outline.getAttribute('aria-pressed')).toBe('false');

    await review().getByRole('button', { name: `Show where ${second!.name} was read` }).click();

    expect(await outline.getAttribute('aria-pressed')).toBe('true');
    expect(await review().getByRole('button', { name: `${first!.name} on the menu` }).getAttribute('aria-pressed')).toBe('false');
    // The highlighted outline is in view inside the picture's scroll box.
    const inView = await outline.evaluate((node) => {
      const box = node.closest('.sw-scan-review__scroll')!.getBoundingClientRect();
      const rect = node.getBoundingClientRect();
      return rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1;
    });
    expect(inView).toBe(true);
    await screenshot(page, 'menu-review-selected-1280', { fullPage: false });
  });

  test('a price corrected in place and an item removed in one click are what the menu holds', async () => {
    const [first, second] = scanned;
    const price = review().getByRole('textbox', { name: `Price of ${first!.name}` });
    await price.fill('9.99');
    await price.press('Enter');
    await review().getByRole('button', { name: `Remove ${second!.name}` }).click();

    await review().getByRole('textbox', { name: `Name of ${second!.name}` }).waitFor({ state: 'detached' });
    expect(await review().getByRole('button', { name: `${second!.name} on the menu` }).count()).toBe(0);
    // The menu list below reflects both at once.
    await menuRows().filter({ hasText: first!.name }).filter({ hasText: '$9.99' }).waitFor();
    expect(await menuRows().filter({ hasText: second!.name }).count()).toBe(0);

    const saved = await eventually(loadVendor, (vendor) => vendor.items.length === scanned.length - 1 && vendor.items.some((item) => item.price === 9.99));
    expect(saved.items.find((item) => item._id === first!._id)).toMatchObject({ name: first!.name, price: 9.99 });
    expect(saved.items.some((item) => item._id === second!._id)).toBe(false);
    expect(handle.errors.filter((line) => !line.includes('Failed to load resource'))).toEqual([]);
  });
});
