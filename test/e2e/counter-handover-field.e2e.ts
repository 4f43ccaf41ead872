// Counter mode's hand-over field ("Code on the customer's screen", placeholder "e.g. K7MQ4") in the feed's narrow
// column: its placeholder reads whole beside (or above) the Hand over button on a 1024 px tablet, at 1280 px and on
// a 390 px phone, in English and in Spanish (the longest placeholder, "p. ej. K7MQ4").
import type { Page } from 'playwright-core';
import { screenshot, signInPage, useE2eApp, vendorApi } from './harness';
import { openIn } from './languages';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
});

/** The placeholder's width as the field sets it (its font and letter spacing) and the room inside the field. */
const placeholderRoom = (page: Page) =>
  page.getByTestId('counter-feed').locator('.sw-handover-code input').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const probe = document.createElement('span');
    probe.textContent = input.placeholder;
    probe.style.font = style.font;
    probe.style.letterSpacing = style.letterSpacing;
    probe.style.whiteSpace = 'pre';
    probe.style.position = 'absolute';
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { placeholder: input.placeholder, needed: Math.ceil(needed), room: Math.floor(room) };
  });

describe.each([
  ['en-GB', 'Counter mode', 'Hand over'],
  ['es-ES', 'Modo mostrador', 'Entregar'],
])('counter mode in %s', (locale, counterMode, handOver) => {
  it.each([
    [1024, 768],
    [1280, 800],
    [390, 844],
  ])('reads the hand-over placeholder whole at %i px', async (width, height) => {
    const { context, page } = await openIn(app.browser, locale, { width, height });
    try {
      await signInPage(page, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
      await page.getByRole('button', { name: counterMode }).click();
      const feed = page.getByTestId('counter-feed');
      await feed.getByRole('button', { name: handOver }).waitFor();
      const { placeholder, needed, room } = await placeholderRoom(page);
      expect(placeholder).toContain('K7MQ4');
      await screenshot(page, `counter-handover-field-${locale}-${width}`, { fullPage: false });
      expect({ placeholder, fits: needed <= room }).toEqual({ placeholder, fits: true });
    } finally {
      await context.close();
    }
  });
});
