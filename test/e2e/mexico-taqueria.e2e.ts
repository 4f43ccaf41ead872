// A taquería in Mexico City runs its day in Spanish (es-MX, America/Mexico_City, prices in pesos): the owner
// invites her staff and reads when the link stops working as a Mexican reads a date, a counter tablet
// (1024×768) paired as a device shows the rotating code, customers' phones (390 px, es-MX and en-US) collect
// stamps and read the menu in pesos, the tablet loses its Wi-Fi while phones still stamp (on its own codes
// and a staff phone's) and shows those stamps once it is back, the owner's customer export opens in a Mexican
// spreadsheet as columns, and everyone signs out.
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import type { PairingCodeResponse } from '../../src/api/contract/counter';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { hasHorizontalScroll, signInPage, useE2eApp, vendorApi } from './harness';

// No cooldown, so one phone stamps again on the next code.
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { name: 'Lucía Hernández', company: 'Taquería El Fogón de Lucía' } });
const MEXICO = { locale: 'es-MX', timezoneId: 'America/Mexico_City' } as const;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

let owner: BrowserContext;
let ownerPage: Page;
let tablet: BrowserContext;
let counter: Page;
const opened: BrowserContext[] = [];

async function phone(locale: string = MEXICO.locale): Promise<Page> {
  const context = await app.browser.newContext({ ...MEXICO, locale, ...PHONE });
  opened.push(context);
  return context.newPage();
}

/** The URL the counter's QR encodes now. */
const counterCode = async () => (await counter.getByTestId('qr-code').getAttribute('data-url')) ?? '';
/** A code from the owner's own QR page (another device than the tablet). */
const ownerCode = async () => (await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`)).url;

beforeAll(async () => {
  const { vendor, server } = app;
  const profile = new FormData();
  profile.set('company', vendor.company);
  profile.set('address', 'Calle Orizaba 87, Roma Norte, 06700 Ciudad de México, CDMX');
  profile.set('open_hours', 'Lun–Dom 13:00–02:00');
  profile.set('currency', 'MXN');
  const saved = await fetch(`${server.baseUrl}/api/vendor/${vendor.vendorId}`, { method: 'POST', headers: { authorization: `Bearer ${vendor.token}` }, body: profile });
  expect(saved.status).toBe(200);
  for (const [itemName, itemPrice] of [['Taco al pastor', 22], ['Paquete familiar (20 tacos)', 1250]] as const) {
    await vendorApi(server, vendor, 'POST', `/api/vendor/${vendor.vendorId}/add-item`, { itemName, itemPrice });
  }
  await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 8, item: null, itemCustom: 'Taco al pastor', expiry: '2030-12-31' });
  owner = await app.browser.newContext({ ...MEXICO, viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  ownerPage = await owner.newPage();
  tablet = await app.browser.newContext({ ...MEXICO, viewport: { width: 1024, height: 768 }, hasTouch: true });
  counter = await tablet.newPage();
});
afterAll(async () => {
  for (const context of [owner, tablet, ...opened]) await context?.close();
});

it("Lucía invites her staff: the link's last day reads as a Spanish date with its words (\"viernes 4 de diciembre de 2026\")", async () => {
  await signInPage(ownerPage, app.server, app.vendor, `/account/${app.vendor.vendorId}`);
  const team = ownerPage.getByTestId('team-section');
  await team.getByLabel('Correo electrónico').fill('beto@elfogon.mx');
  await team.getByRole('button', { name: 'Invitar' }).click();
  await ownerPage.getByText('Invitación enviada a beto@elfogon.mx. El enlace funciona una vez, durante 7 días.').waitFor();
  const until = await team.getByText(/^El enlace funciona hasta el /).textContent();
  expect(until).toMatch(/^El enlace funciona hasta el [a-záéíóú]+ \d{1,2} de [a-z]+ de \d{4}$/);
});

it('the tablet pairs as "Caja 1" and a Mexican phone stamps on its code, reading the menu in pesos', async () => {
  const { pairingCode } = await vendorApi<PairingCodeResponse>(app.server, app.vendor, 'POST', `/api/team/${app.vendor.vendorId}/devices`);
  await counter.goto(`${app.server.baseUrl}/counter`);
  await counter.getByLabel('Código de vinculación').fill(pairingCode.toLowerCase());
  await counter.getByLabel('Nombre de esta pantalla').fill('Caja 1');
  await counter.getByRole('button', { name: 'Vincular esta pantalla' }).click();
  await counter.getByTestId('refresh-label').getByText(/^Se renueva en \d+ s$/).waitFor();
  await counter.getByTestId('live-status').getByText('En directo').waitFor();
  expect(await hasHorizontalScroll(counter)).toBe(false);

  const ana = await phone();
  await ana.goto(await counterCode());
  await ana.getByText('1 / 8').waitFor();
  await ana.getByText('$1,250.00').waitFor();
  await ana.getByText('$22.00').waitFor();
  expect(await hasHorizontalScroll(ana)).toBe(false);
  await counter.getByTestId('counter-feed').getByText(/^Cliente n\.º 1, 1\.ª visita ha conseguido un sello · 1\/8/).first().waitFor();

  const tourist = await phone('en-US');
  await tourist.goto(await counterCode());
  await tourist.getByText('Buy 8 Taco al pastor, get 1 free').waitFor();
  await tourist.getByText('$1,250.00').waitFor();
});

it('the tablet loses its Wi-Fi: codes keep working, and the stamps taken meanwhile show once it is back', async () => {
  await tablet.setOffline(true);
  await counter.getByTestId('refresh-label').getByText('Sin conexión: los códigos siguen funcionando; los nuevos sellos aparecerán cuando vuelva la conexión').waitFor();
  await counter.getByTestId('live-status').getByText('Reconectando…').waitFor();
  const diego = await phone();
  // One stamp on the code the offline tablet signed itself, one on the owner's own QR page.
  await diego.goto(await counterCode());
  await diego.getByText('1 / 8').waitFor();
  await diego.goto(await ownerCode());
  await diego.getByText('2 / 8').waitFor();

  await tablet.setOffline(false);
  await counter.getByTestId('live-status').getByText('En directo').waitFor({ timeout: 20_000 });
  await counter.getByTestId('refresh-label').getByText(/^Se renueva en \d+ s$/).waitFor();
  const feed = counter.getByTestId('counter-feed');
  await feed.getByText(/^Cliente n\.º 3, 1\.ª visita ha conseguido un sello · 1\/8 · en Caja 1/).first().waitFor({ timeout: 20_000 });
  await feed.getByText(/^Cliente n\.º 3, 1\.ª visita ha conseguido un sello · 2\/8/).first().waitFor();
});

it("the owner's customer export opens in a Mexican spreadsheet as columns (commas, not semicolons), then everyone signs out", async () => {
  await ownerPage.goto(`${app.server.baseUrl}/customers/${app.vendor.vendorId}`);
  const [download] = await Promise.all([ownerPage.waitForEvent('download'), ownerPage.getByRole('button', { name: 'Exportar clientes (CSV)' }).click()]);
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Customer,Visits,Stamps,Rewards given,First visit,Last visit');
  expect(csv.filter((line) => /^Customer #\d+,1,\d,0,/.test(line))).toHaveLength(3);

  await ownerPage.locator('header.sw-nav').getByRole('button', { name: /^Menú de la cuenta/ }).click();
  await ownerPage.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await ownerPage.waitForURL(/\/login/);
  await expect(ownerPage.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
});
