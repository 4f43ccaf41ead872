// Languages in the browser: a phone's languages pick the customer page's, a vendor's browser language picks
// the app's until the profile menu's switch (which survives a reload), Arabic mirrors the page, and the
// pseudo-language shows every text that did not come from the catalogue.
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { checkA11y, hasHorizontalScroll, useE2eApp, vendorApi } from './harness';
import { DESKTOP, openIn, textsOutsideTheCatalogue } from './languages';

const app = useE2eApp({ vendor: { company: 'Bean There Café' } });

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
});

async function qrUrl(): Promise<string> {
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  return qr.url;
}

describe('customer pages', () => {
  it('a phone set to es-ES sees the stamp page in Spanish', async () => {
    const { context, page } = await openIn(app.browser, 'es-ES');
    await page.goto(await qrUrl());
    await page.getByText('1 / 5').waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    await expect(page.getByRole('combobox', { name: 'Idioma' }).inputValue()).resolves.toBe('es');
    const myCards = page.getByRole('link', { name: 'Mis tarjetas', exact: true });
    await expect(myCards.isVisible()).resolves.toBe(true);
    // On the 390 px phone the top bar's link stays on one line.
    const lines = await myCards.evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    const language = await page.getByRole('combobox', { name: 'Idioma' }).boundingBox();
    expect((language?.x ?? Infinity) + (language?.width ?? 0)).toBeLessThanOrEqual(390);
    await expect(page.getByText('My cards', { exact: true }).count()).resolves.toBe(0);
    await context.close();
  });

  it('the switch turns the page French and the phone keeps the choice', async () => {
    const { context, page } = await openIn(app.browser, 'es-ES');
    await page.goto(`${app.server.baseUrl}/wallet`);
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('fr');
    await page.getByRole('heading', { name: 'Mes cartes de fidélité' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Mes cartes de fidélité' }).waitFor();
    await context.close();
  });

  it('Arabic reads right to left, passes axe, and never scrolls sideways from 390 to 1920 px', async () => {
    const { context, page } = await openIn(app.browser, 'ar');
    await page.goto(await qrUrl());
    await page.getByText('1 / 5').waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.getByRole('combobox', { name: 'اللغة' }).isVisible()).resolves.toBe(true);
    await checkA11y(page, 'on the Arabic stamp page');
    for (const width of [390, 768, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    }
    await page.goto(`${app.server.baseUrl}/wallet`);
    await page.getByRole('heading', { name: 'بطاقات الطوابع الخاصة بي' }).waitFor();
    await checkA11y(page, 'on the Arabic wallet');
    await context.close();
  });

  it('in the pseudo-language every text of the wallet comes from the catalogue', async () => {
    const { context, page } = await openIn(app.browser, 'en-XA');
    await page.goto(`${app.server.baseUrl}/wallet`);
    await page.getByRole('heading', { name: /⟦/ }).first().waitFor();
    await expect(textsOutsideTheCatalogue(page, ['Stampwise'])).resolves.toEqual([]);
    await context.close();
  });
});

describe('vendor app', () => {
  it('Arabic mirrors the vendor app (antd direction) without sideways scrolling', async () => {
    const { context, page } = await openIn(app.browser, 'ar', DESKTOP);
    await page.goto(`${app.server.baseUrl}/login`);
    await page.evaluate((token) => localStorage.setItem('token', token), app.vendor.token);
    await page.goto(`${app.server.baseUrl}/dashboard/${app.vendor.vendorId}`);
    await page.getByRole('button', { name: /^قائمة الحساب/ }).waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.locator('.ant-app').first().evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('rtl');
    for (const width of [390, 768, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    }
    await context.close();
  });

  it('a de-DE browser sees German, switches to French in the profile menu, and stays French after reload', async () => {
    const { context, page } = await openIn(app.browser, 'de-DE', DESKTOP);
    await page.goto(`${app.server.baseUrl}/login`);
    await page.evaluate((token) => localStorage.setItem('token', token), app.vendor.token);
    await page.goto(`${app.server.baseUrl}/dashboard/${app.vendor.vendorId}`);
    const menuButton = page.getByRole('button', { name: /^Kontomenü: Bean There Café/ });
    await menuButton.waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await expect(page.getByRole('link', { name: 'Übersicht' }).first().isVisible()).resolves.toBe(true);
    await menuButton.click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await page.getByRole('button', { name: /^Menu du compte: Bean There Café/ }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: /^Menu du compte: Bean There Café/ }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
    await context.close();
  });

  it('German chosen in the profile menu is the person’s: after signing out, a fresh English browser signs in to German', async () => {
    const first = await openIn(app.browser, 'en-US', DESKTOP);
    await first.page.goto(`${app.server.baseUrl}/login`);
    await first.page.evaluate((token) => localStorage.setItem('token', token), app.vendor.token);
    const me = first.page.waitForResponse((response) => response.url().endsWith('/api/auth/me') && response.request().method() === 'GET');
    await first.page.goto(`${app.server.baseUrl}/dashboard/${app.vendor.vendorId}`);
    // The page first speaks the browser's language and then the person's saved one (an earlier test may have
    // chosen one): a click on the menu in between would land on a button that is replaced under it.
    const { locale } = (await (await me).json()) as { locale: string | null };
    await first.page.waitForFunction((expected) => document.documentElement.lang === expected, locale ?? 'en');
    await first.page.getByRole('button', { name: /: Bean There Café/ }).click();
    const saved = first.page.waitForResponse((response) => response.url().endsWith('/api/auth/me') && response.request().method() === 'PATCH');
    await first.page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    expect((await saved).status()).toBe(200);
    await first.page.getByRole('button', { name: /^Kontomenü: Bean There Café/ }).click();
    await first.page.getByRole('menuitem', { name: /Abmelden/ }).click();
    await first.page.waitForURL(`${app.server.baseUrl}/login`);
    await first.context.close();

    const fresh = await openIn(app.browser, 'en-US', DESKTOP);
    await fresh.page.goto(`${app.server.baseUrl}/login`);
    await fresh.page.getByLabel('Username').fill(app.vendor.email);
    await fresh.page.getByLabel('Password').fill(app.vendor.password);
    await fresh.page.getByRole('button', { name: 'Sign In' }).click();
    await fresh.page.waitForURL(`${app.server.baseUrl}/dashboard/${app.vendor.vendorId}`);
    await fresh.page.getByRole('button', { name: /^Kontomenü: Bean There Café/ }).waitFor();
    await expect(fresh.page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await fresh.context.close();
  });
});
