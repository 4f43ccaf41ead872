// The QR page's sections under the code (printed flyer, stamp limits, counter screens) as an owner sees them: each a
// card like the others, the three as wide as the row of cards above them, on a laptop and on a phone.
import type { Page } from 'playwright-core';
import { openVendorPage, settledScreenshot, useE2eApp } from './harness';

const app = useE2eApp();

/** A box's left and right edges, and whether it is drawn as a card (a visible border). */
const cardOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return { left: Math.round(rect.left), right: Math.round(rect.right), bordered: parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none' };
  });

describe.each([
  { width: 1280, height: 800, isMobile: false },
  { width: 390, height: 844, isMobile: true },
])('the QR page at $width px', ({ width, height, isMobile }) => {
  it('shows the printed flyer, the stamp limits and the counter screens as cards as wide as the cards above', async () => {
    const { page, context } = await openVendorPage(app, 'qr-code', { viewport: { width, height }, isMobile });
    try {
      await page.getByTestId('counter-screens').waitFor();
      const top = await cardOf(page, '.sw-qr-top');
      const sections = {
        flyer: await cardOf(page, '[aria-labelledby="sw-flyer-card-title"]'),
        budget: await cardOf(page, '[data-testid="stamp-budget"]'),
        screens: await cardOf(page, '[data-testid="counter-screens"]'),
      };
      await settledScreenshot(page, `qr-page-sections-${width}`);
      for (const section of Object.values(sections)) {
        expect(section).toEqual({ left: top.left, right: top.right, bordered: true });
      }
    } finally {
      await context.close();
    }
  });
});
