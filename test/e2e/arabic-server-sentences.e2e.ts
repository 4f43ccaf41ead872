// Sentences the SERVER words in Arabic, on a 390 px phone: the values it puts in (a reward's Latin name, a typed
// code) are isolated (U+2068 … U+2069) as the app's own texts are, so they keep their own order inside the
// right-to-left sentence. Each screenshot has a "-without-isolates" twin: the same page with the isolates taken
// out, as the server sent it before, to compare the order.
import type { Locator, Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { hasHorizontalScroll, settledScreenshot, signInPage, useE2eApp, vendorApi } from './harness';
import { openIn, PHONE } from './languages';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });
const FSI = '\u2068';
const PDI = '\u2069';

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 12, item: null, itemCustom: '2 Croissants', expiry: '2030-12-31' });
});

/** Screenshots the page, then again with the isolates of `sentence` taken out. */
async function beforeAndAfter(page: Page, sentence: Locator, name: string): Promise<void> {
  await settledScreenshot(page, name);
  await sentence.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) node.textContent = (node.textContent ?? '').replace(/[\u2068\u2069]/g, '');
  });
  await settledScreenshot(page, `${name}-without-isolates`);
}

it('the stamp page: the server\'s sentence keeps the reward\'s Latin name ("2 Croissants") in its own order', async () => {
  const { context, page } = await openIn(app.browser, 'ar', PHONE);
  try {
    const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    await page.goto(qr.url);
    await page.getByText('1 / 12').waitFor();
    const sentence = page.getByText(/للحصول على/u).first();
    await expect(sentence.textContent()).resolves.toContain(`${FSI}2 Croissants${PDI}`);
    await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    await beforeAndAfter(page, sentence, 'arabic-server-sentence-stamp-390');
  } finally {
    await context.close();
  }
});

it("the QR page: the server's refusal of a typed hand-over code keeps the code in its own order", async () => {
  const { context, page } = await openIn(app.browser, 'ar', PHONE);
  try {
    await signInPage(page, app.server, app.vendor, `/qr-code/${app.vendor.vendorId}`);
    const field = page.getByLabel('الرمز الظاهر على شاشة الزبون').first();
    await field.fill('K7MQ4');
    await page.getByRole('button', { name: 'تسليم' }).first().click();
    const sentence = page.getByRole('alert').filter({ hasText: 'لا توجد مكافأة' }).first();
    await expect(sentence.textContent()).resolves.toContain(`${FSI}K7MQ4${PDI}`);
    await sentence.scrollIntoViewIfNeeded();
    await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    await beforeAndAfter(page, sentence, 'arabic-server-sentence-handover-390');
  } finally {
    await context.close();
  }
});
