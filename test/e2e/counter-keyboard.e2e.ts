// Counter mode with the keyboard only: it covers the whole screen, so focus has to go into it, Tab has to stay
// among its own controls (never on the hidden page behind it, where Enter would press a button nobody sees),
// and Esc has to bring focus back to the Counter mode button.
import type { Page } from 'playwright-core';
import { newPage, screenshot, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const app = useE2eApp({ vendor: { company: 'Tab Kaffee' } });
let handle: PageHandle;
let page: Page;

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  handle = await newPage(app.browser, { viewport: { width: 1280, height: 900 } });
  page = handle.page;
});
afterAll(() => handle?.context.close());

/** Where focus is: inside the counter screen, and whether it is what a person sees at that spot. */
const focusPlace = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const counter = document.querySelector('[data-testid="counter-screen"]');
    const box = el?.getBoundingClientRect();
    const onTop = box && box.width > 0 ? document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) : null;
    return {
      name: (el?.getAttribute('aria-label') || el?.closest('label')?.textContent || el?.textContent || el?.getAttribute('placeholder') || el?.tagName || '').trim(),
      inCounter: Boolean(counter && el && counter.contains(el)),
      seen: Boolean(el && onTop && (onTop === el || el.contains(onTop) || onTop.contains(el))),
    };
  });

describe('counter mode by keyboard', () => {
  it('Enter on Counter mode moves focus into the screen; Tab and Shift+Tab stay there; Esc gives focus back', async () => {
    await signInPage(page, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
    await page.getByRole('heading', { name: 'Scan This QR Code' }).waitFor();
    await page.getByRole('button', { name: 'Counter mode' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('counter-screen').waitFor();

    expect((await focusPlace()).inCounter).toBe(true);
    const visited: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const place = await focusPlace();
      expect({ step, ...place }).toEqual({ step, name: place.name, inCounter: true, seen: true });
      visited.push(place.name);
    }
    // The screen's own controls are all reached: the hand-over code, the chime and the way out.
    expect(visited).toEqual(expect.arrayContaining(['Hand over', expect.stringMatching(/Chime on each stamp/), expect.stringMatching(/Leave counter mode/)]));
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect((await focusPlace()).inCounter).toBe(true);
    }
    await screenshot(page, 'counter-keyboard-focus-inside');

    await page.keyboard.press('Escape');
    await page.getByTestId('counter-screen').waitFor({ state: 'detached' });
    expect((await focusPlace()).name).toBe('Counter mode');
    expect(handle.errors).toEqual([]);
  });
});
