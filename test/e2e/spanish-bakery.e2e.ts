// A Madrid bakery in Spanish, on a phone and a laptop: the owner signs up in the browser and her store prices
// in euros (menu, campaign budget, the customer's page), no card heading of her pages is cut at 390 or 1280 px,
// and the QR page's live feed says it is reconnecting while the shop's Wi-Fi is down, then live again.
import type { BrowserContext, Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import type { VendorResponse } from '../../src/api/contract/vendor';
import { linkFrom, settledScreenshot, useE2eApp, vendorApi, type SignedUpVendor } from './harness';

const app = useE2eApp();
const PHONE = { width: 390, height: 844 };
const COMPANY = 'Panadería y Obrador La Espiga de Oro de Chamberí';

let context: BrowserContext;
let page: Page;
let lucia: SignedUpVendor;

beforeAll(async () => {
  context = await app.browser.newContext({ locale: 'es-ES', viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'Europe/Madrid' });
  page = await context.newPage();
});
afterAll(() => context?.close());

/** Card headings (and antd's title boxes around them) whose text is wider than the box: cut with "…" or hidden. */
const cutHeadings = (target: Page) =>
  target.evaluate(() =>
    [...document.querySelectorAll('.sw-card .ant-card-head-title, .sw-card-title h2')]
      .filter((node) => node.scrollWidth > node.clientWidth + 1)
      .map((node) => node.textContent),
  );

it('Lucía signs up on her Spanish phone and her store prices in euros, not dollars', async () => {
  const email = `lucia-${Date.now()}@example.com`;
  const since = Date.now();
  await page.goto(`${app.server.baseUrl}/register`);
  await page.getByLabel('Nombre completo').fill('Lucía Fernández');
  await page.getByLabel('Negocio/Empresa').fill(COMPANY);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Dirección de la tienda').fill('Calle de Fuencarral 123, 28010 Madrid');
  await page.getByLabel('Horario').fill('Lun–Sáb 7:30–20:30');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await page.getByRole('heading', { name: 'Cuenta creada' }).waitFor();

  await page.goto(linkFrom(await app.server.waitForMail(email, { since }), '/verify/'));
  await page.getByLabel('Contraseña').fill('pan-de-masa-madre-1952');
  await page.getByRole('button', { name: 'Completar el registro' }).click();
  await page.waitForURL(/\/dashboard\//);
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const vendorId = new URL(page.url()).pathname.split('/')[2] ?? '';
  lucia = { vendorId, token, email, password: 'pan-de-masa-madre-1952', name: 'Lucía Fernández', company: COMPANY };

  const vendor = await vendorApi<VendorResponse>(app.server, lucia, 'GET', `/api/vendor/${vendorId}`);
  expect(vendor.vendor.currency).toBe('EUR');
  await vendorApi(app.server, lucia, 'POST', `/api/vendor/${vendorId}/add-item`, { itemName: 'Napolitana de chocolate', itemPrice: 1.8 });
  await vendorApi(app.server, lucia, 'POST', `/api/rewards/${vendorId}`, { stamps: 5, item: null, itemCustom: 'Café con leche', expiry: '2030-12-31' });

  // The campaign budget, and the menu under Marta's card, in euros.
  await page.goto(`${app.server.baseUrl}/campaigns/${vendorId}`);
  await page.getByText(/^50\s€$/).first().waitFor();
  const marta = await context.browser()!.newContext({ locale: 'es-ES', viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    const phone = await marta.newPage();
    const qr = await vendorApi<QrTokenResponse>(app.server, lucia, 'GET', `/api/qrcode/generate/${vendorId}`);
    await phone.goto(qr.url);
    await phone.getByText(/^1,80\s€$/).waitFor();
    await settledScreenshot(phone, 'spanish-bakery-customer-390');
  } finally {
    await marta.close();
  }
});

it('no card heading is cut on her pages, at 390 and at 1280 px', async () => {
  const cut: string[] = [];
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    for (const route of ['dashboard', 'rewards', 'campaigns', 'customers']) {
      await page.goto(`${app.server.baseUrl}/${route}/${lucia.vendorId}`);
      await page.locator('main h1').first().waitFor();
      await page.locator('.sw-card-title h2').first().waitFor();
      for (const text of await cutHeadings(page)) cut.push(`${route} at ${viewport.width} px: ${text}`);
    }
    await page.goto(`${app.server.baseUrl}/dashboard/${lucia.vendorId}`);
    await settledScreenshot(page, `spanish-bakery-dashboard-${viewport.width}`);
  }
  await page.setViewportSize(PHONE);
  expect(cut).toEqual([]);
});

it("the QR page's live feed says 'Reconectando…' while the Wi-Fi is down, then 'En directo' again", async () => {
  await page.goto(`${app.server.baseUrl}/qr-code/${lucia.vendorId}`);
  const badge = page.getByTestId('live-feed').getByTestId('live-status');
  await badge.getByText('En directo').waitFor();
  await context.setOffline(true);
  await badge.getByText('Reconectando…').waitFor({ timeout: 5000 });
  await context.setOffline(false);
  await badge.getByText('En directo').waitFor({ timeout: 5000 });
});
