// The dashboard's weekly chart in real Chromium: its 12 week labels ('Wk 12', 'KW 12', 'الأسبوع 12') never run
// into one another nor past the chart's edges, in English, German and Arabic, on a laptop and on a phone. Labels
// that would not fit side by side are thinned (every other week, counting back from this week).
import type { Browser, Page } from 'playwright-core';
import { animationsSettled, useE2eApp } from './harness';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const LANGUAGES = [
  { locale: 'en', thisWeek: 'Wk 12' },
  { locale: 'de', thisWeek: 'KW 12' },
  { locale: 'ar', thisWeek: 'الأسبوع 12' },
] as const;

interface LabelBox {
  text: string;
  left: number;
  right: number;
}

/** The dashboard of the sample-showing new store in `locale`, as chosen with the language switch. */
async function dashboardIn(browser: Browser, locale: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 });
  const page = await context.newPage();
  await page.goto(`${app.server.baseUrl}/login`);
  await page.evaluate(({ token, language }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('stampwise.language', language);
  }, { token: app.vendor.token, language: locale });
  await page.goto(`${app.server.baseUrl}/dashboard/${app.vendor.vendorId}`);
  await page.locator('svg.sw-chart').first().waitFor();
  await animationsSettled(page);
  return page;
}

/** The x-axis labels of the weekly chart as drawn (screen boxes, left to right), and the chart's own box. */
async function weekLabels(page: Page): Promise<{ labels: LabelBox[]; chart: { left: number; right: number } }> {
  return page.locator('svg.sw-chart').first().evaluate((svg) => {
    const texts = Array.from(svg.querySelectorAll('text'));
    // The week labels sit on the bottom line, below the axis figures.
    const bottom = Math.max(...texts.map((text) => Number(text.getAttribute('y'))));
    const labels = texts
      .filter((text) => Number(text.getAttribute('y')) === bottom && getComputedStyle(text).visibility !== 'hidden')
      .map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent ?? '', left: box.left, right: box.right };
      })
      .sort((a, b) => a.left - b.left);
    const box = svg.getBoundingClientRect();
    return { labels, chart: { left: box.left, right: box.right } };
  });
}

describe('the weekly chart keeps its week labels apart', () => {
  for (const { locale, thisWeek } of LANGUAGES) {
    for (const { name, viewport } of SIZES) {
      it(`${locale}, ${name} (${viewport.width} × ${viewport.height}): no label overlaps another or the chart's edges, and this week is labelled`, async () => {
        const page = await dashboardIn(app.browser, locale, viewport);
        try {
          const chart = page.locator('svg.sw-chart').first();
          await chart.scrollIntoViewIfNeeded();
          await chart.screenshot({ path: `test-results/screenshots/chart-labels-${locale}-${name}.png` });
          const { labels, chart: edges } = await weekLabels(page);
          expect(labels.length).toBeGreaterThanOrEqual(4);
          expect(labels.map((label) => label.text)).toContain(thisWeek);
          const overlaps = labels.slice(1).flatMap((label, i) => (label.left < labels[i].right ? [`${labels[i].text} / ${label.text}`] : []));
          expect(overlaps).toEqual([]);
          expect(labels[0].left).toBeGreaterThanOrEqual(edges.left);
          expect(labels[labels.length - 1].right).toBeLessThanOrEqual(edges.right);
        } finally {
          await page.context().close();
        }
      });
    }
  }
});
