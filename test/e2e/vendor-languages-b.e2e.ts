// The sign-in screens, the activity, the customers list and help in the vendor's language in real Chromium:
// a Spanish browser signs in and registers in Spanish, a vendor who switched to French reads the dashboard's
// activity, the customers list and help in French with French dates, and Arabic mirrors those pages on a
// 390 px phone without scrolling sideways.
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { hasHorizontalScroll, newPage, screenshot, settledScreenshot, signInPage, useE2eApp, vendorApi } from './harness';
import { DESKTOP, openIn, PHONE, textsOutsideTheCatalogue } from './languages';

const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Bean There Café' } });

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  // One customer with two stamps: the dashboard's activity and the customers list have a row to show.
  const phone = await newPage(app.browser, { viewport: PHONE, isMobile: true });
  for (const progress of ['1 / 5', '2 / 5']) {
    const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    await phone.page.goto(qr.url);
    await phone.page.getByText(progress).waitFor();
  }
  await phone.context.close();
});

/** Today as the customers list writes it in `locale` (the stamps were collected today). */
function today(locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());
}

it('a browser set to es-ES reads the sign-in and registration pages in Spanish', async () => {
  const { context, page } = await openIn(app.browser, 'es-ES', DESKTOP);
  await page.goto(`${app.server.baseUrl}/login`);
  await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
  await expect(page.getByLabel('Contraseña').isVisible()).resolves.toBe(true);
  await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).isVisible()).resolves.toBe(true);
  await expect(page.getByText('Sign in', { exact: true }).count()).resolves.toBe(0);
  await screenshot(page, 'vendor-languages-login-es');

  await page.getByRole('button', { name: '¡Regístrate!' }).click();
  await page.getByRole('heading', { level: 1, name: 'Crea tu cuenta' }).waitFor();
  await expect(page.getByLabel('Nombre completo').isVisible()).resolves.toBe(true);
  await page.getByLabel('Correo electrónico').fill('lucia-en-la-esquina');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByText('Introduce un correo electrónico válido').waitFor();
  await settledScreenshot(page, 'vendor-languages-register-es');
  await context.close();
});

it('a vendor switched to French reads the activity, the customers list and help in French, with French dates', async () => {
  const { context, page } = await openIn(app.browser, 'en-GB', DESKTOP);
  await signInPage(page, app.server, app.vendor);
  await page.getByRole('button', { name: /^Account menu: Bean There Café/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await page.getByRole('button', { name: /^Menu du compte: Bean There Café/ }).waitFor();

  // The dashboard's recent activity: what happened, and how long ago, in French.
  await page.getByText('a reçu le tampon 2 sur 5').first().waitFor();
  await page.getByText(/^(maintenant|il y a \d+\s?min)$/).first().waitFor();
  await expect(page.getByText(/^\d+ tampons? ces 90 derniers jours$/).first().isVisible()).resolves.toBe(true);
  await settledScreenshot(page, 'vendor-languages-dashboard-fr');

  await page.goto(`${app.server.baseUrl}/customers/${app.vendor.vendorId}`);
  await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
  const row = page.getByTestId('customers-table').locator('tbody tr').filter({ hasText: today('fr-FR') }).first();
  await row.waitFor();
  await expect(page.getByRole('columnheader', { name: 'Dernière visite' }).first().isVisible()).resolves.toBe(true);
  await expect(page.getByRole('button', { name: 'Exporter les clients (CSV)' }).isVisible()).resolves.toBe(true);
  await settledScreenshot(page, 'vendor-languages-customers-fr');

  await page.goto(`${app.server.baseUrl}/help/${app.vendor.vendorId}`);
  await page.getByRole('heading', { level: 1, name: 'Aide et ressources' }).waitFor();
  await page.getByRole('button', { name: 'Comment les clients gagnent-ils et utilisent-ils leurs récompenses ?' }).click();
  await page.getByText(/^Aucune appli à installer/).waitFor();
  await settledScreenshot(page, 'vendor-languages-help-fr');
  await context.close();
});

it('Arabic mirrors the sign-in page, the customers list and help on a 390 px phone without scrolling sideways', async () => {
  const { context, page } = await openIn(app.browser, 'ar', PHONE);
  await page.goto(`${app.server.baseUrl}/login`);
  await page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' }).waitFor();
  await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
  await expect(hasHorizontalScroll(page)).resolves.toBe(false);
  await screenshot(page, 'vendor-languages-login-ar-390');

  // The French chosen above is saved with the person and follows them to this browser: they choose Arabic.
  await vendorApi(app.server, app.vendor, 'PATCH', '/api/auth/me', { locale: 'ar' });
  await page.evaluate((token) => localStorage.setItem('token', token), app.vendor.token);
  await page.goto(`${app.server.baseUrl}/customers/${app.vendor.vendorId}`);
  await page.getByRole('heading', { level: 1, name: 'الزبائن' }).waitFor();
  await page.getByTestId('customers-table').locator('tbody tr.ant-table-row td').first().waitFor();
  await expect(page.locator('.ant-table').first().evaluate((table) => getComputedStyle(table).direction)).resolves.toBe('rtl');
  await expect(hasHorizontalScroll(page)).resolves.toBe(false);
  await settledScreenshot(page, 'vendor-languages-customers-ar-390');

  await page.goto(`${app.server.baseUrl}/help/${app.vendor.vendorId}`);
  await page.getByRole('heading', { level: 1, name: 'المساعدة والموارد' }).waitFor();
  await expect(hasHorizontalScroll(page)).resolves.toBe(false);
  await settledScreenshot(page, 'vendor-languages-help-ar-390');
  await context.close();
});

it('in the pseudo-language every text of the sign-in, registration and help pages comes from the catalogue', async () => {
  const { context, page } = await openIn(app.browser, 'en-XA', DESKTOP);
  await page.goto(`${app.server.baseUrl}/login`);
  await page.getByRole('heading', { level: 1, name: /⟦/ }).waitFor();
  await expect(textsOutsideTheCatalogue(page, ['Stampwise'])).resolves.toEqual([]);
  await page.goto(`${app.server.baseUrl}/register`);
  await page.getByRole('heading', { level: 1, name: /⟦/ }).waitFor();
  await expect(textsOutsideTheCatalogue(page, ['Stampwise'])).resolves.toEqual([]);
  await page.evaluate((token) => localStorage.setItem('token', token), app.vendor.token);
  await page.goto(`${app.server.baseUrl}/help/${app.vendor.vendorId}`);
  await page.getByRole('heading', { level: 1, name: /⟦/ }).waitFor();
  // The store's name and its initials in the avatar are the vendor's own words.
  await expect(textsOutsideTheCatalogue(page, ['Stampwise', 'Bean There Café', 'BC'])).resolves.toEqual([]);
  await context.close();
});
