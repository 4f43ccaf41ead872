// A café owner who uses only the keyboard — sign in, Store Settings, add a menu item, set the reward,
// open the QR code, log out — with no mouse click anywhere (Tab, Shift+Tab, arrows, Enter, Escape and typing).
import type { Page } from 'playwright-core';
import type { RewardResponse } from '../../src/api/contract/rewards';
import { focusedElement, newPage, settledScreenshot, useE2eApp, vendorApi, type PageHandle } from './harness';

const app = useE2eApp({ vendor: { company: 'Keyboard Kaffee' } });
let handle: PageHandle;
let page: Page;

beforeAll(async () => {
  handle = await newPage(app.browser, { viewport: { width: 1280, height: 900 } });
  page = handle.page;
});
afterAll(() => handle?.context.close());

const focusedName = async () => (await focusedElement(page)).name;

const focusedRole = () => page.evaluate(() => document.activeElement?.getAttribute('role') ?? null);

/** Presses Tab (or Shift+Tab) until the focused element's name (and role, if given) matches, as a keyboard user would. */
async function tabTo(name: RegExp, direction: 'forward' | 'backward' = 'forward', role?: string, limit = 80): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if (name.test(await focusedName()) && (!role || (await focusedRole()) === role)) return;
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
  }
  throw new Error(`never reached ${name} with ${direction === 'forward' ? 'Tab' : 'Shift+Tab'}; focus is on "${await focusedName()}"`);
}

describe('keyboard only: sign in → Store Settings → add item → reward → QR → Logout', () => {
  it('signs in with Tab, typing and Enter', async () => {
    await page.goto(`${app.server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await tabTo(/^Username/);
    await page.keyboard.type(app.vendor.email);
    await tabTo(/^Password/);
    await page.keyboard.type(app.vendor.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/dashboard/${app.vendor.vendorId}`);
    await page.locator('main h1').first().waitFor();
  });

  it('opens Store Settings from the profile menu with Enter and adds a menu item', async () => {
    await tabTo(/^Account menu: Keyboard Kaffee/);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // The menu opens with Store Settings focused; Enter opens the dialog (it only closed the menu before).
    await tabTo(/Store Settings/);
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Setup' }).waitFor();
    // A focused antd tab also holds a hidden "Tab 1 of 3" for screen readers.
    await tabTo(/Setup$/, 'forward', 'tab');
    // The tab list: arrows move between tabs, Enter opens the focused one.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const focusedTab = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
    await page.keyboard.press('Enter');
    await page.getByLabel('Item name').waitFor({ timeout: 5000 }).catch(() => {
      throw new Error(`Menu & Items did not open; focus was on ${focusedTab}`);
    });
    await tabTo(/^Item name$/);
    await page.keyboard.type('Oat Latte');
    await page.keyboard.press('Tab');
    await page.keyboard.type('$4.50');
    await page.keyboard.press('Enter');
    await page.getByLabel('Menu items').getByText('Oat Latte').waitFor();
    await settledScreenshot(page, 'keyboard-store-settings-item', false);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Setup' }).waitFor({ state: 'hidden' });
  });

  it('goes to Rewards and publishes a 5-punch reward for the new item', async () => {
    await tabTo(/^Rewards$/, 'backward');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/rewards/${app.vendor.vendorId}`);
    // The Rewards page's own form (the Dashboard also links "Update Reward Setup"; the page's code may still be loading).
    // By its accessible name: the label's text also holds the required mark, hidden from screen readers.
    await page.getByRole('spinbutton', { name: /^Punches Required/ }).waitFor();
    await tabTo(/^Punches Required/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('4');
    // The arrow keys step the count.
    await page.keyboard.press('ArrowUp');
    await tabTo(/^Qualifying Item/);
    await page.keyboard.type('Oat');
    await page.keyboard.press('Enter');
    await tabTo(/^Update Reward Setup$/);
    await page.keyboard.press('Enter');
    // The success message says it was saved; the server has it.
    await page.getByText('Reward setup saved').first().waitFor();
    const saved = await vendorApi<RewardResponse>(app.server, app.vendor, 'GET', `/api/rewards/${app.vendor.vendorId}`);
    expect(saved.reward.stamps).toBe(5);
    expect(saved.items.find((item) => item._id === saved.reward.item)?.name).toBe('Oat Latte');
  });

  it('opens the QR code, then logs out from the profile menu', async () => {
    await tabTo(/^QR Code$/, 'backward');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/qr-code/${app.vendor.vendorId}`);
    await page.getByRole('heading', { name: 'Scan This QR Code' }).waitFor();
    await tabTo(/^Account menu: /, 'backward');
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // Tab walks the menu to Logout (it used to leave the menu first).
    await tabTo(/^Logout$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(handle.errors).toEqual([]);
  });
});
