// A phone on a slow network at the counter: the page's HTML arrives seconds before its scripts. Until they run,
// the customer pages and the vendor app show a spinning stamp (in the HTML itself), not a blank screen; the app's
// first render takes its place.
import type { Route } from 'playwright-core';
import { newPage, screenshot, useE2eApp } from './harness';

const app = useE2eApp();

describe.each([
  ['customer pages', '/wallet', 'My stamp cards'],
  ['vendor app', '/login', 'Sign in'],
])('the %s before their scripts arrive', (_name, pathname, heading) => {
  it('show a spinning stamp, replaced by the page once the scripts run', async () => {
    const { page, context } = await newPage(app.browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    let release: () => void = () => undefined;
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route: Route) => {
      await scriptsHeld;
      await route.continue();
    });
    try {
      // Deferred scripts hold back DOMContentLoaded: wait for the HTML only.
      await page.goto(`${app.server.baseUrl}${pathname}`, { waitUntil: 'commit' });
      const boot = page.getByTestId('page-loading');
      await boot.waitFor({ state: 'visible', timeout: 10_000 });
      const box = await boot.boundingBox();
      expect(box?.width).toBeGreaterThan(40);
      await screenshot(page, `slow-start-${pathname.slice(1)}-390`, { fullPage: false });

      release();
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
      expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toContain(heading);
      expect(await boot.count()).toBe(0);
    } finally {
      release();
      await context.close();
    }
  });
});
