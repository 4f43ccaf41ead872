// Web push in a real browser: a customer switches on "Get offers from {store} as notifications" on their card
// page (the permission, the service worker and the server's routes are real), a campaign message is sent
// through a local push service that decrypts it as a browser would, and the decrypted message, delivered to
// the page's service worker, shows as a notification; switching off removes the subscription.
//
// Headless Chromium cannot subscribe for real: its push service is Google's FCM, which a test must not reach.
// So PushManager.subscribe answers a subscription of the local push service (its endpoint and a key pair the
// test made); everything after that call is the real path.
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { loadConfig } from '../../server/config';
import { openDb, type Db } from '../../server/db';
import { createWebPushClient, resolveVapidKeys } from '../../server/infra/web-push';
import { sendCampaignPush } from '../../server/services/web-push';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../support/fake-push-service';
import { newPage, useE2eApp, vendorApi, type PageHandle } from './harness';

const PHONE = { width: 390, height: 844 };

let fake: FakePushService;
let browserSubscription: FakeSubscription;
beforeAll(async () => {
  fake = await startFakePushService();
  browserSubscription = fake.subscribe();
});
afterAll(async () => fake?.close());

const app = useE2eApp({ env: { WEB_PUSH_LOCAL_ENDPOINTS: '1', STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Café Luna' } });
let handle: PageHandle;
let page: Page;
let db: Db;

/** PushManager as it would be with a reachable push service: subscriptions of the local one, kept across reloads. */
function stubPushManager(subscription: FakeSubscription): void {
  const KEY = 'test-push-subscription';
  const make = (applicationServerKey: ArrayBuffer | null) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { applicationServerKey, userVisibleOnly: true },
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  const stored = (): ArrayBuffer | null | undefined => {
    const text = localStorage.getItem(KEY);
    if (text === null) return undefined;
    return text ? Uint8Array.from(JSON.parse(text) as number[]).buffer : null;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    const key = stored();
    return (key === undefined ? null : make(key)) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey ? Array.from(new Uint8Array(options.applicationServerKey as ArrayBuffer)) : [];
    localStorage.setItem(KEY, JSON.stringify(key));
    return make(stored() ?? null) as unknown as PushSubscription;
  };
}

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  handle = await newPage(app.browser, { viewport: PHONE, isMobile: true });
  page = handle.page;
  await handle.context.grantPermissions(['notifications'], { origin: app.server.baseUrl });
  await handle.context.addInitScript(stubPushManager, browserSubscription);
  db = openDb({ databaseUrl: undefined, sqlitePath: path.join(app.server.dataDir, 'stampwise.db') });
});
afterAll(async () => {
  await handle?.context.close();
  await db?.close();
});

async function serviceWorkerRegistrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const registration = registrations.find((r) => r.scopeURL.endsWith('/wallet/') && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the wallet's service worker shows, once it shows any (or none after `withinMs`). */
async function notificationsShown(on: Page, withinMs: number): Promise<{ title: string; body: string; url: string | undefined }[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const shown = await on.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/wallet/');
      const notifications = registration ? await registration.getNotifications() : [];
      return notifications.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url }));
    });
    if (shown.length > 0 || Date.now() > deadline) return shown;
    await on.waitForTimeout(100);
  }
}

test('a customer opts in on the card page, a campaign message reaches the browser encrypted, and the service worker shows it', async () => {
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
  await page.goto(qr.url);
  await page.getByText('1 / 10').waitFor();
  const card = await db.kysely.selectFrom('stamp_cards').select(['id', 'customer_id']).where('vendor_id', '=', app.vendor.vendorId).executeTakeFirstOrThrow();

  await page.goto(`${app.server.baseUrl}/wallet/${card.id}`);
  const toggle = page.getByRole('switch', { name: 'Get offers from Café Luna as notifications' });
  await toggle.waitFor();
  await expect(toggle.isChecked()).resolves.toBe(false);
  await toggle.click();
  await page.waitForFunction(() => (document.querySelector('input[role="switch"]') as HTMLInputElement | null)?.checked === true);

  // The server has it: after a reload the switch reads it back as on.
  await page.reload();
  await page.waitForFunction(() => {
    const input = document.querySelector('input[role="switch"]') as HTMLInputElement | null;
    return input !== null && !input.disabled && input.checked;
  });

  // What the delivery queue does for a campaign: the message goes through the push service, encrypted to the browser.
  const config = loadConfig({ PUBLIC_URL: app.server.baseUrl, WEB_PUSH_LOCAL_ENDPOINTS: '1' });
  const deps = { db, config, now: Date.now, webPush: createWebPushClient({ keys: await resolveVapidKeys({ db, config }), subject: 'mailto:test@stampwise.test', agent: fake.agent, allowPrivateAddresses: true }) };
  const message = { vendorId: app.vendor.vendorId, customerId: card.customer_id, title: 'Double stamps this week', body: 'Every coffee counts twice until Sunday', url: `/wallet/${card.id}` };
  await expect(sendCampaignPush(deps, message)).resolves.toBe('sent');
  expect(fake.received).toHaveLength(1);
  const [received] = fake.received;
  expect(received!.endpoint).toBe(browserSubscription.endpoint);
  expect(JSON.parse(received!.payload)).toEqual({ title: message.title, body: message.body, url: message.url });

  // The browser's push service hands the decrypted message to the page's service worker, which shows it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await handle.context.newCDPSession(page);
  const registrationId = await serviceWorkerRegistrationId(cdp);
  // DevTools delivers to the worker without saying whether it was running to take it: on a loaded machine
  // the first delivery can be lost while the worker starts, so it is delivered again until one shows.
  let shown: Awaited<ReturnType<typeof notificationsShown>> = [];
  for (let attempt = 0; attempt < 3 && shown.length === 0; attempt += 1) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.server.baseUrl, registrationId, data: received!.payload });
    shown = await notificationsShown(page, 5000);
  }
  expect(shown.length).toBeGreaterThan(0);
  // A repeated delivery may show the same message twice; each is the campaign's.
  for (const notification of shown) expect(notification).toEqual({ title: message.title, body: message.body, url: `/wallet/${card.id}` });

  // Switching off: the server forgets the browser, and a campaign no longer reaches it.
  await toggle.click();
  await page.waitForFunction(() => {
    const input = document.querySelector('input[role="switch"]') as HTMLInputElement | null;
    return input !== null && !input.disabled && !input.checked;
  });
  await expect(sendCampaignPush(deps, message)).resolves.toBe('gone');
  expect(fake.received).toHaveLength(1);
  expect(handle.errors).toEqual([]);
});
