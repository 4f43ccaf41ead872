// Every page of the app in the pseudo-language en-XA (each catalogue text accented and bracketed, ⟦Ŝţàɱƥ⟧):
// the vendor pages, the Store Settings dialog, the paired counter screen and every customer page, with a café's
// real data (menu items, a reward, stamps, a claim waiting at the counter, a campaign, a team member). Any visible
// text, placeholder, label, title or alternative text with letters outside the brackets did not come from the
// catalogue: the test lists them all. The data's own words (names, items, the address) are allowed.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import type { PairingCodeResponse } from '../../src/api/contract/counter';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { LOCALE_NAMES } from '../../src/api/contract/locales';
import { accent } from '../../src/i18n/pseudo';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../src/constants';
import { newPage, signInPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const STORE = 'Bean There Café';
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: STORE } });

/** The café's own words, which stay as the café wrote them in every language. */
const DATA_WORDS = [
  'Stampwise',
  STORE,
  'Ana Barista',
  'Oat Flat White',
  'Croissant',
  'Till 1',
  'Mia Lopez',
  'Spring double stamps',
  '12 Harbour Street, Wellington',
  'Mon–Fri 7:00–15:00',
  'beanthere.example',
  ...Object.values(LOCALE_NAMES),
];
/** What the data is made of rather than written in: addresses of the web and mail, initials in avatars, codes. */
const DATA_PATTERNS = [/https?:\/\/\S*/g, /[\w.+-]+@[\w.-]+/g, /\b[A-Z]{1,3}\b/g, /\b[A-Z2-7]{6,}\b/g];

/**
 * The server's sentences (scan answers, customer names such as "Customer #2"): they come from the server's
 * catalogue in the language the page asks for, and the server does not speak the pseudo-language, so they read
 * English here. Each English message becomes a pattern whose placeholders match anything.
 */
function serverSentencePatterns(): RegExp[] {
  const folder = path.join(__dirname, '../../src/i18n/messages/en/server');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return fs.readdirSync(folder).flatMap((file) => {
    const messages = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>;
    return Object.values(messages).map((message) => {
      // Placeholders (with their nested plural and select forms) at the top level become "anything".
      let pattern = '';
      let depth = 0;
      let literal = '';
      for (const char of message) {
        if (char === '{') {
          if (depth === 0) {
            pattern += escape(literal);
            literal = '';
          }
          depth += 1;
        } else if (char === '}') {
          depth -= 1;
          if (depth === 0) pattern += '.*?';
        } else if (depth === 0) literal += char;
      }
      // A placeholder that ends the sentence takes the rest of it ("… your free Flat White").
      return pattern.endsWith('.*?') && literal === '' ? `${pattern.slice(0, -1)}` : pattern + escape(literal);
    });
  })
    // Sentences with some words of their own: a message that is only a placeholder would match anything.
    .filter((source) => /[A-Za-z]{2,}/.test(source.replace(/\.\*\??/g, '')))
    // The longest first, so "Customer #2, 3rd visit" is not taken for "Customer #2" and a rest.
    .sort((a, b) => b.length - a.length)
    .map((source) => new RegExp(source, 'g'));
}

/**
 * What a reader sees or hears on the page that did not come from the catalogue: visible text nodes, and the
 * placeholders, aria-labels, titles and alt texts of visible elements.
 */
async function textsOutsideTheCatalogue(page: Page): Promise<string[]> {
  // The server's sentences first: a data pattern taken out of one ("QR" in "Scan a store's QR code") would leave
  // the rest of the sentence unmatched.
  const patterns = [...SERVER_SENTENCES, ...DATA_PATTERNS].map((pattern) => pattern.source);
  return page.evaluate(
    ({ words, sources }) => {
      // Dates and currency names are written by Intl (in English for the pseudo-language), not by the app.
      const intl: string[] = [];
      for (let month = 0; month < 12; month += 1) {
        for (const width of ['short', 'long'] as const) intl.push(new Intl.DateTimeFormat('en', { month: width }).format(new Date(2026, month, 15)));
      }
      for (let day = 0; day < 7; day += 1) {
        for (const width of ['short', 'long'] as const) intl.push(new Intl.DateTimeFormat('en', { weekday: width }).format(new Date(2026, 10, 1 + day)));
      }
      const intlWords = new RegExp(`\\b(${intl.join('|')})\\b`, 'g');
      const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
      const currencies = Intl.supportedValuesOf('currency').map((code) => currencyNames.of(code) ?? code);
      const outside = (value: string): boolean => {
        let rest = value.replace(/⟦[^⟧]*⟧/g, '');
        if (currencies.some((name) => rest.includes(name))) for (const name of currencies) rest = rest.split(name).join('');
        rest = rest.replace(intlWords, '');
        for (const word of words) rest = rest.split(word).join('');
        for (const source of sources) rest = rest.replace(new RegExp(source, 'g'), '');
        return /[A-Za-z]{2,}/.test(rest);
      };
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, option, svg, [aria-hidden="true"]') || !parent.checkVisibility()) continue;
        const value = node.textContent ?? '';
        if (outside(value)) found.add(`text: ${value.trim()}`);
      }
      for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
        // What is hidden from assistive technology (an icon beside its text) is neither seen nor heard.
        if (!element.checkVisibility() || element.closest('svg, [aria-hidden="true"]')) continue;
        for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
          const value = element.getAttribute(attribute);
          if (value && outside(value)) found.add(`${attribute}: ${value}`);
        }
      }
      if (outside(document.title)) found.add(`document title: ${document.title}`);
      return [...found];
    },
    { words: DATA_WORDS, sources: patterns },
  );
}

/** One stamp from a fresh code, as a phone collects it; answers the customer's credential. */
async function customerStamp(customer?: string): Promise<string> {
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  const response = await fetch(`${app.server.baseUrl}/api/customer/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(customer ? { [CUSTOMER_CREDENTIAL_HEADER]: customer } : {}) },
    body: JSON.stringify({ token: qr.token }),
  });
  const body = (await response.json()) as { credential?: string };
  if (!response.ok) throw new Error(`scan failed: ${response.status} ${JSON.stringify(body)}`);
  return body.credential ?? customer ?? '';
}

const SERVER_SENTENCES = serverSentencePatterns();
let fullCardCustomer = '';

beforeAll(async () => {
  const { vendorId } = app.vendor;
  const added = await vendorApi<{ item: { _id: string } }>(app.server, app.vendor, 'POST', `/api/vendor/${vendorId}/add-item`, { itemName: 'Oat Flat White', itemPrice: 4.8 });
  await vendorApi(app.server, app.vendor, 'POST', `/api/vendor/${vendorId}/add-item`, { itemName: 'Croissant', itemPrice: 3.5 });
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${vendorId}`, { stamps: 3, item: added.item._id, itemCustom: null, expiry: '2030-12-31' });
  // One regular with two stamps; one customer with a full card, claimed and waiting at the counter.
  const regular = await customerStamp();
  await customerStamp(regular);
  fullCardCustomer = await customerStamp();
  await customerStamp(fullCardCustomer);
  await customerStamp(fullCardCustomer);
  const wallet = await fetch(`${app.server.baseUrl}/api/customer/cards`, { headers: { [CUSTOMER_CREDENTIAL_HEADER]: fullCardCustomer } });
  const { cards } = (await wallet.json()) as { cards: { id: string }[] };
  const claim = await fetch(`${app.server.baseUrl}/api/customer/cards/${cards[0].id}/claim`, { method: 'POST', headers: { [CUSTOMER_CREDENTIAL_HEADER]: fullCardCustomer } });
  if (!claim.ok) throw new Error(`claim failed: ${claim.status} ${await claim.text()}`);
});

async function pseudoPage(viewport = { width: 1280, height: 900 }): Promise<PageHandle> {
  const handle = await newPage(app.browser, { viewport, isMobile: viewport.width < 500 });
  await handle.context.setExtraHTTPHeaders({ 'Accept-Language': 'en-XA' });
  await handle.page.addInitScript(() => {
    Object.defineProperty(navigator, 'languages', { get: () => ['en-XA'] });
    Object.defineProperty(navigator, 'language', { get: () => 'en-XA' });
  });
  return handle;
}

/** The page once its first heading is in the pseudo-language and its requests have settled. */
async function settled(page: Page, heading = page.getByRole('heading', { name: /⟦/ }).first()): Promise<void> {
  await heading.waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

const VENDOR_PAGES = ['dashboard', 'rewards', 'qr-code', 'campaigns', 'customers', 'account', 'help', 'help/:id/guide', 'help/:id/faq', 'help/:id/tutorial'];

describe('in the pseudo-language every text comes from the catalogue', () => {
  it('on every vendor page and in the profile menu', async () => {
    const { vendorId } = app.vendor;
    const handle = await pseudoPage();
    const { page } = handle;
    const leaks: string[] = [];
    try {
      for (const route of VENDOR_PAGES) {
        const pathname = route.includes(':id') ? `/${route.replace(':id', vendorId)}` : `/${route}/${vendorId}`;
        await signInPage(page, app.server, app.vendor, pathname);
        await settled(page, page.locator('main h1').filter({ hasText: /⟦/ }).first());
        for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`${route} → ${leak}`);
      }
      await page.getByRole('button', { name: /: Bean There Café/ }).click();
      await page.waitForTimeout(300);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`profile menu → ${leak}`);
    } finally {
      await handle.context.close();
    }
    expect([...new Set(leaks)]).toEqual([]);
  });

  it('in every tab of Store Settings', async () => {
    const handle = await pseudoPage();
    const { page } = handle;
    const leaks: string[] = [];
    try {
      await signInPage(page, app.server, app.vendor, `/dashboard/${app.vendor.vendorId}`);
      await settled(page);
      await page.getByRole('button', { name: /: Bean There Café/ }).click();
      await page.getByRole('menuitem', { name: accent('Store Settings') }).click();
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      for (let index = 0; index < (await tabs.count()); index += 1) {
        await tabs.nth(index).click();
        await page.waitForTimeout(500);
        const name = await tabs.nth(index).textContent();
        for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`Store Settings ${name} → ${leak}`);
      }
    } finally {
      await handle.context.close();
    }
    expect([...new Set(leaks)]).toEqual([]);
  });

  it('on a paired counter screen', async () => {
    const { pairingCode } = await vendorApi<PairingCodeResponse>(app.server, app.vendor, 'POST', `/api/team/${app.vendor.vendorId}/devices`);
    const handle = await pseudoPage();
    const { page } = handle;
    const leaks: string[] = [];
    try {
      await page.goto(`${app.server.baseUrl}/counter`);
      await settled(page);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`pairing → ${leak}`);
      await page.locator('input').nth(0).fill(pairingCode);
      await page.locator('input').nth(1).fill('Till 1');
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('counter-screen').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`counter screen → ${leak}`);
    } finally {
      await handle.context.close();
    }
    expect(leaks).toEqual([]);
  });

  it('on the stamp page, the wallet, a card and the reward-ready screen of a phone', async () => {
    const handle = await pseudoPage({ width: 390, height: 844 });
    const { page } = handle;
    const leaks: string[] = [];
    try {
      const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
      await page.goto(qr.url);
      await page.getByText('1 / 3').waitFor();
      await page.waitForTimeout(1500);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`stamp page → ${leak}`);
      await page.goto(`${app.server.baseUrl}/wallet`);
      await settled(page);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`wallet → ${leak}`);
      await page.getByRole('link', { name: new RegExp(STORE) }).first().click();
      await page.waitForURL(/\/wallet\/[^/]+$/);
      await settled(page);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`card → ${leak}`);
      // The phone with the claimed card: its reward-ready screen with the hand-over code.
      await page.evaluate(([key, credential]) => localStorage.setItem(key, credential), [CUSTOMER_CREDENTIAL_STORAGE_KEY, fullCardCustomer]);
      await page.goto(`${app.server.baseUrl}/wallet`);
      await settled(page);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`wallet with a claim → ${leak}`);
      await page.getByRole('link', { name: new RegExp(STORE) }).first().click();
      await page.waitForURL(/\/wallet\/[^/]+$/);
      await settled(page);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`claimed card → ${leak}`);
    } finally {
      await handle.context.close();
    }
    expect(leaks).toEqual([]);
  });

  it('on a new phone: a scan that never reached the store, the empty wallet, and a card link without a wallet', async () => {
    const handle = await pseudoPage({ width: 390, height: 844 });
    const { page } = handle;
    const leaks: string[] = [];
    try {
      await page.route('**/api/customer/scan', (route) => route.abort('internetdisconnected'));
      const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
      await page.goto(qr.url);
      await settled(page);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`scan without an answer → ${leak}`);
      // The phone made its credential for that scan, which never reached the store: a wallet that does not exist yet.
      await page.goto(`${app.server.baseUrl}/wallet`);
      await settled(page);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`empty wallet → ${leak}`);
      await page.goto(`${app.server.baseUrl}/wallet/00000000-0000-4000-8000-000000000000`);
      await page.getByRole('alert').waitFor();
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`card link without a wallet → ${leak}`);
      await page.evaluate((key) => localStorage.removeItem(key), CUSTOMER_CREDENTIAL_STORAGE_KEY);
      await page.goto(`${app.server.baseUrl}/wallet`);
      await settled(page);
      for (const leak of await textsOutsideTheCatalogue(page)) leaks.push(`wallet of a phone that never scanned → ${leak}`);
    } finally {
      await handle.context.close();
    }
    expect(leaks).toEqual([]);
  });
});
