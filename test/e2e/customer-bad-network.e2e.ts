// A customer's phone on a bad network. A new phone's first scan reaches the store but its answer is lost as the
// Wi-Fi drops: "Réessayer" finds that scan's stamp — one card with one stamp in the wallet, one customer for the store,
// never a second wallet. A scan that never reached the store says so in each of the five languages, offers a
// retry, and never claims there was no stamp; the phone's wallet, empty until a scan gets through, says so in French.
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import type { CustomerListResponse } from '../../src/api/contract/customers';
import { useE2eApp, vendorApi } from './harness';

const app = useE2eApp({ vendor: { name: 'Claire Dumas', company: 'Boulangerie des Pentes' } });
const contexts: BrowserContext[] = [];

async function qrUrl(): Promise<string> {
  return (await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`)).url;
}

async function phone(locale: string): Promise<Page> {
  const context = await app.browser.newContext({ locale, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  contexts.push(context);
  return context.newPage();
}

async function storeCustomers(): Promise<CustomerListResponse['items']> {
  return (await vendorApi<CustomerListResponse>(app.server, app.vendor, 'GET', `/api/customers/${app.vendor.vendorId}`)).items;
}

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 3, item: null, itemCustom: 'Brioche', expiry: '2030-12-31' });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

it('a new phone whose first scan reached the store but lost its answer: "Réessayer" shows one card with one stamp, one customer', async () => {
  const page = await phone('fr-FR');
  const scans: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/customer/scan')) scans.push(request.postData() ?? '');
  });
  // The scan reaches the server and is answered, but the answer never comes back to the phone.
  await page.route('**/api/customer/scan', async (route: Route) => {
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.goto(await qrUrl());
  await page.getByRole('heading', { level: 1, name: 'Votre téléphone n’a pas pu joindre le commerce' }).waitFor();
  await expect(page.getByRole('alert').textContent()).resolves.toContain('Vérifiez votre connexion et réessayez.');
  await expect(page.getByText('Pas de tampon cette fois').count()).resolves.toBe(0);
  expect(await storeCustomers()).toHaveLength(1);

  await page.unroute('**/api/customer/scan');
  await page.getByRole('button', { name: 'Réessayer' }).tap();
  await page.getByText('1 / 3').waitFor();
  await expect(page.getByRole('status').textContent()).resolves.toContain('Tampon collecté\u00a0! Il nous est parvenu juste avant la coupure de votre connexion.');
  await expect(page.getByRole('alert').count()).resolves.toBe(0);
  // The retry was the same scan: the same token and attempt key, sent twice.
  expect(scans).toHaveLength(2);
  expect(scans[1]).toBe(scans[0]);

  await page.getByRole('link', { name: 'Ouvrir mes cartes' }).tap();
  await page.getByRole('heading', { name: 'Mes cartes de fidélité' }).waitFor();
  const cards = page.locator('.cw-wallet-list > li');
  await cards.first().waitFor();
  await expect(cards.count()).resolves.toBe(1);
  await expect(cards.first().textContent()).resolves.toContain('1 / 3');
  const customers = await storeCustomers();
  expect(customers).toHaveLength(1);
  expect(customers[0].stamps).toBe(1);
});

/** What a phone reads when its scan never reached the store, in each language. */
const UNREACHABLE: Record<string, { title: string; notice: string; retry: string; noStamp: string }> = {
  'en-GB': { title: 'Your phone could not reach the store', notice: 'Check your connection and try again.', retry: 'Try again', noStamp: 'No stamp this time' },
  'es-ES': { title: 'Tu móvil no ha podido conectar con el negocio', notice: 'Revisa tu conexión y vuelve a intentarlo.', retry: 'Reintentar', noStamp: 'Esta vez no hay sello' },
  'fr-FR': { title: 'Votre téléphone n’a pas pu joindre le commerce', notice: 'Vérifiez votre connexion et réessayez.', retry: 'Réessayer', noStamp: 'Pas de tampon cette fois' },
  'de-DE': { title: 'Dein Handy konnte das Geschäft nicht erreichen', notice: 'Prüfe deine Verbindung und versuche es erneut.', retry: 'Erneut versuchen', noStamp: 'Diesmal kein Stempel' },
  ar: { title: 'تعذّر على هاتفك الوصول إلى المتجر', notice: 'تحقّق من اتصالك وحاول مرة أخرى.', retry: 'حاول مرة أخرى', noStamp: 'لا طابع هذه المرة' },
};

it.each(Object.entries(UNREACHABLE))('%s: a scan that never reached the store says so, offers a retry, and never says there was no stamp', async (locale, words) => {
  const page = await phone(locale);
  await page.route('**/api/customer/scan', (route: Route) => route.abort('internetdisconnected'));
  await page.goto(await qrUrl());
  await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
  await expect(page.getByRole('alert').textContent()).resolves.toContain(words.notice);
  await expect(page.getByText(words.noStamp).count()).resolves.toBe(0);
  const before = (await storeCustomers()).length;

  await page.unroute('**/api/customer/scan');
  await page.getByRole('button', { name: words.retry }).tap();
  await page.getByText('1 / 3').waitFor();
  await expect(page.getByRole('alert').count()).resolves.toBe(0);
  expect((await storeCustomers()).length).toBe(before + 1);
});

it('a phone whose only scan never got through has an empty wallet, and a card link tells it so, in French', async () => {
  const page = await phone('fr-FR');
  await page.route('**/api/customer/scan', (route: Route) => route.abort('internetdisconnected'));
  await page.goto(await qrUrl());
  await page.getByRole('button', { name: 'Réessayer' }).waitFor();

  await page.goto(`${app.server.baseUrl}/wallet`);
  await page.getByRole('heading', { name: 'Pas encore de carte de fidélité' }).waitFor();
  await page.goto(`${app.server.baseUrl}/wallet/00000000-0000-4000-8000-000000000000`);
  await page.getByRole('alert').filter({ hasText: 'Ce téléphone n’a pas encore de carte de fidélité.' }).waitFor();
});
