// A Lyon bakery's customers on French phones (360 px, touch): an answer lost as the network drops in the middle of a
// scan, a reload of the page while the reward waits at the counter, a language switch right after a stamp, and a
// sign-in link asked for from a new phone — each in French, no stamp counted twice or lost. A customer whose phone
// is in Arabic reads the bakery's French address as written, and one whose phone zooms pages to 200 % (a 360 px
// phone laying pages out 180 px wide) fills and claims a card without scrolling sideways.
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { hasHorizontalScroll, useE2eApp, vendorApi } from './harness';

// No cooldown, so one phone fills a 3-stamp card with fresh codes in a row.
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { name: 'Claire Dumas', company: 'Boulangerie de la Croix-Rousse' } });
let context: BrowserContext;
let page: Page;

async function qrUrl(): Promise<string> {
  return (await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`)).url;
}

/** The scan requests the page sent. */
const scans: string[] = [];

const ADDRESS = '12 rue d’Austerlitz, 69004 Lyon';

beforeAll(async () => {
  const profile = new FormData();
  profile.set('company', app.vendor.company);
  profile.set('address', ADDRESS);
  profile.set('open_hours', 'Mar–Sam 7h–19h30');
  profile.set('currency', 'EUR');
  const saved = await fetch(`${app.server.baseUrl}/api/vendor/${app.vendor.vendorId}`, { method: 'POST', headers: { authorization: `Bearer ${app.vendor.token}` }, body: profile });
  expect(saved.status).toBe(200);
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 3, item: null, itemCustom: 'café', expiry: '2030-12-31' });
  context = await app.browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  page = await context.newPage();
  page.on('request', (request) => {
    if (request.url().endsWith('/api/customer/scan')) scans.push(request.postData() ?? '');
  });
});
afterAll(() => context?.close());

it('an answer lost in the middle of a scan: "Réessayer" finds the stamp on the card, said as collected', async () => {
  await page.goto(await qrUrl());
  await page.getByText('1 / 3').waitFor();
  // The next scan reaches the server, but its answer never comes back to the phone.
  await page.route('**/api/customer/scan', async (route: Route) => {
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.goto(await qrUrl());
  await page.getByRole('alert').filter({ hasText: 'Vérifiez votre connexion et réessayez.' }).waitFor();
  await expect(page.getByText('Pas de tampon cette fois').count()).resolves.toBe(0);
  await page.unroute('**/api/customer/scan');
  await page.getByRole('button', { name: 'Réessayer' }).tap();
  await page.getByText('2 / 3').waitFor();
  await expect(page.getByRole('status').textContent()).resolves.toContain('Tampon collecté\u00a0! Il nous est parvenu juste avant la coupure de votre connexion.');
  await expect(page.getByRole('alert').count()).resolves.toBe(0);
});

it('a language switch just after a stamp shows the same card in English without scanning the code again', async () => {
  await page.goto(await qrUrl());
  await page.getByText('3 / 3').waitFor();
  const sent = scans.length;
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await page.getByRole('button', { name: 'Claim reward' }).waitFor();
  await expect(page.getByText('3 / 3').isVisible()).resolves.toBe(true);
  await expect(page.getByRole('alert').count()).resolves.toBe(0);
  expect(scans.length).toBe(sent);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await page.getByRole('button', { name: 'Obtenir ma récompense' }).waitFor();
});

it('a reload while the reward waits at the counter keeps the reward screen, with its code, one tap away', async () => {
  await page.getByRole('button', { name: 'Obtenir ma récompense' }).tap();
  await page.getByRole('button', { name: 'Obtenir maintenant' }).tap();
  const ready = page.getByRole('dialog', { name: 'Récompense prête : montrez cet écran à l’équipe' });
  const code = (await ready.getByTestId('handover-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{5}$/);

  await page.reload();
  await page.getByText('0 / 3').waitFor();
  await page.getByRole('button', { name: 'Afficher à nouveau l’écran de la récompense' }).tap();
  await expect(ready.getByTestId('handover-code').textContent()).resolves.toBe(code);
});

it('a new phone asks for its sign-in link and reads the answer in French', async () => {
  const fresh = await app.browser.newContext({ locale: 'fr-FR', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const phone = await fresh.newPage();
    await phone.goto(`${app.server.baseUrl}/wallet`);
    const form = phone.locator('details', { hasText: 'Vous utilisiez Stampwise sur un autre téléphone' });
    await form.getByLabel('E-mail', { exact: true }).fill('lea@example.fr');
    await form.getByRole('button', { name: 'M’envoyer un lien' }).tap();
    await expect(form.getByRole('status').textContent()).resolves.toBe(
      '✓Si des cartes de fidélité sont enregistrées avec cette adresse e-mail, nous lui avons envoyé un lien de connexion. Il ne marche qu’une fois, pendant une heure.',
    );
  } finally {
    await fresh.close();
  }
});

it('a phone in Arabic (right to left) shows the French address in its own order: "12" before "rue", not after "Lyon"', async () => {
  const arabic = await app.browser.newContext({ locale: 'ar', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const phone = await arabic.newPage();
    await phone.goto(await qrUrl());
    const address = phone.getByText(ADDRESS);
    await address.waitFor();
    await expect(phone.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    // Where the number and the town are drawn: left to right as written, so "12" is the leftmost.
    const [numberLeft, townLeft] = await address.evaluate((element, written) => {
      const node = element.firstChild as Text;
      const leftOf = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, end);
        return range.getBoundingClientRect().left;
      };
      return [leftOf(0, 2), leftOf(written.indexOf('Lyon'), written.length)];
    }, ADDRESS);
    expect(numberLeft).toBeLessThan(townLeft);
  } finally {
    await arabic.close();
  }
});

it('a phone zoomed to 200 % (180 px wide) fills the card and claims: nothing past the edge, "Obtenir maintenant" takes the tap', async () => {
  const zoomed = await app.browser.newContext({ locale: 'fr-FR', viewport: { width: 180, height: 370 }, deviceScaleFactor: 4, isMobile: true, hasTouch: true });
  try {
    const phone = await zoomed.newPage();
    for (const count of ['1 / 3', '2 / 3', '3 / 3']) {
      await phone.goto(await qrUrl());
      await phone.getByText(count).waitFor();
    }
    expect(await hasHorizontalScroll(phone)).toBe(false);
    // The count is one figure on one line.
    const count = phone.getByText('3 / 3');
    await expect(count.evaluate((element) => element.getClientRects().length === 1 && element.getBoundingClientRect().height < 60)).resolves.toBe(true);
    await phone.getByRole('button', { name: 'Obtenir ma récompense' }).tap();
    const confirm = phone.getByRole('button', { name: 'Obtenir maintenant' });
    await confirm.waitFor();
    expect(await hasHorizontalScroll(phone)).toBe(false);
    await confirm.tap({ timeout: 5000 });
    await phone.getByRole('dialog', { name: 'Récompense prête : montrez cet écran à l’équipe' }).waitFor();
    // Staff read the running clock whole: every digit inside the screen, none cut at its edges.
    const clock = phone.getByTestId('live-clock');
    await expect(clock.evaluate((element) => element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().left >= 0 && element.getBoundingClientRect().right <= window.innerWidth)).resolves.toBe(true);
    // And "Plus que … tampons" under the count is never cut either.
    await expect(phone.locator('.cw-progress-note').evaluate((element) => element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= element.closest('.cw-card')!.getBoundingClientRect().right)).resolves.toBe(true);
  } finally {
    await zoomed.close();
  }
});
