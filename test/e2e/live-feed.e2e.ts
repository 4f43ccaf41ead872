// The counter feed in a real browser: the vendor's QR page open in one tab, a customer scanning the QR
// code in another; each stamp and the claim appear on the QR page within about a second. Then the
// dashboard and the Reward Activity table show the vendor's own figures instead of the samples.
import net from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seedActivity } from '../../bench/seed-activity';
import { openDb } from '../../server/db';
import type { ActivityItem, ActivityPage } from '../../src/api/contract/activity';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { checkA11y, hasHorizontalScroll, newPage, screenshot, signInPage, signUpVendor, useE2eApp, vendorApi, type PageHandle } from './harness';

const PHONE = { width: 390, height: 844 };
/** "within about a second", measured from the customer's screen showing the stamp to the line on the counter. */
const FEED_DELAY_MS = 1500;

// No cooldown: the customer fills a 2-stamp card with two fresh codes in a row.
const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Bean There Café' } });
let counter: PageHandle;
let phone: PageHandle;
let counterPage: Page;
let phonePage: Page;
let link: FlakyLink;

/**
 * A TCP relay between the counter's browser and the server, standing in for the café's Wi-Fi: `drop()`
 * cuts every open connection and refuses new ones until `restore()` (DevTools' offline mode leaves an
 * open event stream alone, so it cannot play a network drop).
 */
interface FlakyLink {
  url: string;
  drop(): void;
  restore(): void;
  close(): Promise<void>;
}

async function startFlakyLink(target: string): Promise<FlakyLink> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let down = false;
  const relay = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    drop() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}

async function qrUrl(): Promise<string> {
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  return qr.url;
}

/** Milliseconds until `text` shows in the counter's live feed. */
async function feedLineAppears(text: string | RegExp): Promise<number> {
  const started = Date.now();
  await counterPage.getByTestId('live-feed').getByText(text).waitFor({ timeout: 10_000 });
  return Date.now() - started;
}

beforeAll(async () => {
  const { server, vendor, browser } = app;
  await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 2, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  link = await startFlakyLink(server.baseUrl);
  counter = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  counterPage = counter.page;
  phone = await newPage(browser, { viewport: PHONE, isMobile: true });
  phonePage = phone.page;
});

// useE2eApp's afterAll, which runs first, closes the pages with the browser, then the server.
afterAll(async () => {
  await link?.close();
});

describe('live counter feed: QR page in one tab, customer scans in another', () => {
  it("goes 'Live' on the QR page and waits for the first scan", async () => {
    // The counter reaches the server through the relay (a network that can drop); the phone directly.
    await signInPage(counterPage, { ...app.server, baseUrl: link.url }, app.vendor, `/qr-code/${app.vendor.vendorId}`);
    await counterPage.getByRole('heading', { name: 'Scan This QR Code' }).waitFor();
    await counterPage.getByTestId('live-status').getByText('Live').waitFor();
    await expect(counterPage.getByText('Waiting for the next scan…').isVisible()).resolves.toBe(true);
    await screenshot(counterPage, 'live-feed-1-waiting');
  });

  it('shows a new customer\'s stamp within about a second of the scan', async () => {
    await phonePage.goto(await qrUrl());
    await phonePage.getByText('1 / 2').waitFor();
    const delay = await feedLineAppears(/^Customer #\d+, 1st visit collected a stamp · 1\/2$/);
    expect(delay).toBeLessThan(FEED_DELAY_MS);
  });

  it('shows the named customer\'s next stamp and the claim, newest first', async () => {
    // The customer adds their name (the optional profile), then scans a fresh code and claims the reward.
    const saved = await phonePage.evaluate(async () => {
      const response = await fetch('/api/customer/me', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-customer-key': localStorage.getItem('stampwise.customer') ?? '' },
        body: JSON.stringify({ displayName: 'Ana' }),
      });
      return response.status;
    });
    expect(saved).toBe(200);
    await phonePage.goto(await qrUrl());
    await phonePage.getByText('2 / 2').waitFor();
    expect(await feedLineAppears('Ana collected a stamp · reward ready')).toBeLessThan(FEED_DELAY_MS);

    await phonePage.getByRole('button', { name: 'Claim reward' }).click();
    await phonePage.getByRole('button', { name: /claim.*now/i }).click();
    await phonePage.getByRole('dialog', { name: 'Reward ready — show this to staff' }).waitFor();
    expect(await feedLineAppears('Reward claimed by Ana')).toBeLessThan(FEED_DELAY_MS);

    const lines = await counterPage.getByTestId('live-feed').locator('.sw-live-feed__line').allTextContents();
    expect(lines[0]).toBe('Reward claimed by Ana');
    expect(lines[1]).toBe('Ana collected a stamp · reward ready');
    expect(lines[2]).toMatch(/^Customer #\d+, 1st visit collected a stamp · 1\/2$/);
    expect(await hasHorizontalScroll(counterPage)).toBe(false);
    await screenshot(counterPage, 'live-feed-2-lines');
    await checkA11y(counterPage, 'on the QR page with the live feed');
  });

  it("shows 'Reconnecting…' when the network drops and goes 'Live' again by itself", async () => {
    const errorsBefore = counter.errors.length;
    link.drop();
    await counterPage.getByTestId('live-status').getByText('Reconnecting…').waitFor({ timeout: 5000 });
    await screenshot(counterPage, 'live-feed-3-reconnecting');
    // Still down for the first retry (1 s later); back before the second (2 s after that).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await expect(counterPage.getByTestId('live-status').textContent()).resolves.toBe('Reconnecting…');
    link.restore();
    await counterPage.getByTestId('live-status').getByText('Live').waitFor({ timeout: 10_000 });
    // The browser logs the loads the drop cut (net::ERR_…); nothing else went wrong meanwhile.
    const cut = counter.errors.splice(errorsBefore);
    expect(cut.filter((error) => !error.includes('net::ERR_'))).toEqual([]);
    // And it still hears scans.
    await phone.page.goto(await qrUrl());
    await phonePage.getByText('1 / 2').waitFor();
    expect(await feedLineAppears('Ana collected a stamp · 1/2')).toBeLessThan(FEED_DELAY_MS);
  });

  it("shows the vendor's own figures on the dashboard, with what the store owes", async () => {
    await counterPage.getByRole('button', { name: 'Dashboard' }).first().click();
    await counterPage.getByTestId('outstanding-rewards').waitFor();
    // One reward claimed; Ana's card holds 1 of 2: one stamp away.
    await expect(counterPage.getByTestId('outstanding-rewards').textContent()).resolves.toContain('You owe 0 rewards · 1 card one stamp away');
    const total = counterPage.locator('.ant-card', { has: counterPage.getByRole('heading', { name: 'Total Redemptions' }) });
    await expect(total.locator('.sw-figure').textContent()).resolves.toBe('1');
    const recent = counterPage.locator('.ant-card', { has: counterPage.getByRole('heading', { name: 'Recent Reward Activity' }) });
    await expect(recent.getByRole('listitem').first().textContent()).resolves.toContain('Ana collected stamp 1 of 2');
    // Every card shows the store's own figures: no sample beside real data, and campaigns say there are none.
    await expect(counterPage.getByTestId('sample-data-tag').count()).resolves.toBe(0);
    await expect(counterPage.getByText('No campaigns yet').count()).resolves.toBeGreaterThan(0);
    await screenshot(counterPage, 'live-feed-4-dashboard');
    await checkA11y(counterPage, 'on the dashboard with live figures');
  });

  it('lists the stamps and the claim in the Reward Activity table', async () => {
    await counterPage.getByRole('button', { name: 'Rewards' }).first().click();
    const table = counterPage.getByRole('table');
    await table.getByText('Claimed').waitFor();
    const rows = table.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(4);
    await expect(rows.nth(0).textContent()).resolves.toContain('Stamp 1/2');
    await expect(rows.nth(1).textContent()).resolves.toContain('Claimed');
    await expect(counterPage.getByTestId('sample-data-tag').count()).resolves.toBe(0);
    await screenshot(counterPage, 'live-feed-5-reward-activity');
    expect(counter.errors).toEqual([]);
  });

  it("shows a vendor without activity the sample figures, marked as samples", async () => {
    const newcomer = await signUpVendor(app.server, { company: 'Harbour Bakery' });
    const fresh = await newPage(app.browser);
    try {
      await signInPage(fresh.page, app.server, newcomer);
      await fresh.page.getByText('Customers on average collect 7 of 10 stamps.').waitFor();
      await expect(fresh.page.getByTestId('sample-data-tag').count()).resolves.toBe(6);
      await screenshot(fresh.page, 'live-feed-6-sample-dashboard');
    } finally {
      await fresh.context.close();
    }
  });

  // Every page the pager offers is read from where the server's indexes reach it directly.
  it('pages through a long history in the Reward Activity table: next, a jump, back, the last page', async () => {
    const busy = await signUpVendor(app.server, { company: 'Long Queue Café' });
    await vendorApi(app.server, busy, 'POST', `/api/rewards/${busy.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
    // 95 stamps and 9 claims written straight into the server's database file (as the bench seeds it).
    const db = openDb({ sqlitePath: path.join(app.server.dataDir, 'stampwise.db'), sqliteReadWorker: false, sqliteSynchronous: 'normal' });
    try {
      await seedActivity(db, busy.vendorId, { events: 95, customers: 7, now: Date.now(), spanDays: 30 });
    } finally {
      await db.close();
    }
    const all: ActivityItem[] = (await vendorApi<ActivityPage>(app.server, busy, 'GET', `/api/activity/${busy.vendorId}?pageSize=100`)).items;
    all.push(...(await vendorApi<ActivityPage>(app.server, busy, 'GET', `/api/activity/${busy.vendorId}?page=2&pageSize=100`)).items);
    expect(all).toHaveLength(104);

    const fresh = await newPage(app.browser, { viewport: { width: 1280, height: 900 } });
    const asked: string[] = [];
    fresh.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/activity/${busy.vendorId}`) asked.push(url.search);
    });
    try {
      await signInPage(fresh.page, app.server, busy, `/rewards/${busy.vendorId}`);
      const table = fresh.page.getByRole('table');
      const rows = table.locator('tbody tr.ant-table-row');
      // A stamp that leaves the card full reads "reward ready" rather than its count.
      const tagOf = (item: ActivityItem) =>
        item.type === 'redemption' ? 'Claimed' : (item.stamps ?? 0) >= (item.required ?? 0) ? 'Stamp · reward ready' : `Stamp ${item.stamps}/${item.required}`;
      /** The table shows page `page` of the whole list, row by row (waited for: the rows follow the pager's click). */
      const shows = async (page: number) => {
        const expected = all.slice((page - 1) * 10, page * 10).map((item) => ({ customer: item.customer, tag: tagOf(item) }));
        const matches = (want: { customer: string; tag: string }[]) => {
          const shown = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => row.textContent ?? '');
          return shown.length === want.length && shown.every((text, i) => text.includes(want[i].customer) && text.includes(want[i].tag));
        };
        const settled = await fresh.page.waitForFunction(matches, expected, { timeout: 10_000 }).then(() => true, () => false);
        expect({ page, settled, rows: settled ? expected : await rows.allTextContents() }).toEqual({ page, settled: true, rows: expected });
        await expect(fresh.page.locator('.ant-pagination-item-active').textContent()).resolves.toBe(String(page));
      };
      const click = async (label: string) => fresh.page.locator('.ant-pagination').getByTitle(label, { exact: true }).click();
      await shows(1);
      await click('2');
      await shows(2);
      expect(asked.at(-1)).toMatch(/^\?page=2&pageSize=10&before=[^&]+$/);
      await click('4');
      await shows(4);
      expect(asked.at(-1)).toMatch(/^\?page=4&pageSize=10&before=[^&]+&skip=10$/);
      await click('3');
      await shows(3);
      expect(asked.at(-1)).toMatch(/^\?page=3&pageSize=10&after=[^&]+$/);
      await click('11');
      await shows(11);
      // Seven pages on from page 3: still within reach of its cursor (70 rows along).
      expect(asked.at(-1)).toMatch(/^\?page=11&pageSize=10&before=[^&]+&skip=70$/);
      await screenshot(fresh.page, 'live-feed-7-reward-activity-last-page');
      await click('Previous Page');
      await shows(10);
      expect(asked.at(-1)).toMatch(/^\?page=10&pageSize=10&after=[^&]+$/);
      await checkA11y(fresh.page, 'on the Reward Activity pager');
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });
});
