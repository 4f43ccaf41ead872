// sendCampaignPush against a local push service that checks the VAPID JWT and decrypts the payload with
// the browser's private key: what the customer's browser would show, what happens to a subscription the
// browser dropped (404/410), and what the delivery queue is told to retry (5xx, no answer in time).
import { startFakePushService, type FakePushService } from '../../support/fake-push-service';
import { asCustomer, buildWebPushTestApp, createStore, customerWithCardAt, setReward } from '../factories';
import type { TestApp } from '../helpers';
import { pushReachableCustomerIds, sendCampaignPush } from '../../../server/services/web-push';

let fake: FakePushService;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakePushService();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await t?.close();
});

async function subscribedCustomer(browsers = 1) {
  const store = await createStore(t, { company: 'Café Luna' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const customer = await customerWithCardAt(t, store.id);
  const subscriptions = [];
  for (let i = 0; i < browsers; i += 1) {
    const browser = fake.subscribe();
    const response = await t.app.inject({ method: 'POST', url: `/api/web-push/cards/${customer.cardId}/subscriptions`, headers: asCustomer(customer.credential), payload: browser });
    expect(response.statusCode).toBe(204);
    subscriptions.push(browser);
  }
  return { vendorId: store.id, ...customer, subscriptions };
}

const message = (vendorId: string, customerId: string, cardId: string) => ({
  vendorId,
  customerId,
  title: 'Double stamps this week',
  body: 'Every coffee counts twice until Sunday — ¡olé! ☕',
  url: `/wallet/${cardId}`,
});

test("each of the customer's browsers receives the title, body and card link, encrypted to it and signed with the server's VAPID key", async () => {
  t = await buildWebPushTestApp(fake);
  const { vendorId, customerId, cardId, subscriptions } = await subscribedCustomer(2);
  const before = fake.received.length;
  await expect(sendCampaignPush(t.deps, message(vendorId, customerId, cardId))).resolves.toBe('sent');
  const received = fake.received.slice(before);
  expect(received.map((push) => push.endpoint).sort()).toEqual(subscriptions.map((s) => s.endpoint).sort());
  const { publicKey } = (await t.app.inject({ method: 'GET', url: '/api/web-push/key' })).json() as { publicKey: string };
  for (const push of received) {
    expect(JSON.parse(push.payload)).toEqual({ title: 'Double stamps this week', body: 'Every coffee counts twice until Sunday — ¡olé! ☕', url: `/wallet/${cardId}` });
    expect(push.vapidKey).toBe(publicKey);
    expect(push.claims.aud).toBe(fake.origin);
    expect(push.claims.sub).toBe('https://stampwise.test');
    expect(Number(push.ttl)).toBeGreaterThan(0);
  }
  const rows = await t.db.kysely.selectFrom('web_push_subscriptions').select(['last_success_at', 'last_failure_at']).execute();
  expect(rows.every((row) => row.last_success_at !== null && row.last_failure_at === null)).toBe(true);
});

test('only that customer at that store is pushed: not their other stores, not other customers', async () => {
  t = await buildWebPushTestApp(fake);
  const first = await subscribedCustomer();
  const second = await subscribedCustomer();
  const before = fake.received.length;
  await sendCampaignPush(t.deps, message(first.vendorId, first.customerId, first.cardId));
  expect(fake.received.slice(before).map((push) => push.endpoint)).toEqual([first.subscriptions[0].endpoint]);
  await expect(sendCampaignPush(t.deps, message(second.vendorId, first.customerId, first.cardId))).resolves.toBe('gone');
});

test("a browser that dropped the subscription (410, 404) loses it on the server: 'gone' once none is left, and the customer is no longer reachable", async () => {
  t = await buildWebPushTestApp(fake);
  const { vendorId, customerId, cardId, subscriptions } = await subscribedCustomer(2);
  expect(await pushReachableCustomerIds(t.deps, vendorId)).toEqual(new Set([customerId]));
  fake.answer(subscriptions[0].endpoint, 410);
  await expect(sendCampaignPush(t.deps, message(vendorId, customerId, cardId))).resolves.toBe('sent');
  const left = await t.db.kysely.selectFrom('web_push_subscriptions').select('endpoint').execute();
  expect(left.map((row) => row.endpoint)).toEqual([subscriptions[1].endpoint]);

  fake.answer(subscriptions[1].endpoint, 404);
  await expect(sendCampaignPush(t.deps, message(vendorId, customerId, cardId))).resolves.toBe('gone');
  expect(await t.db.kysely.selectFrom('web_push_subscriptions').select('endpoint').execute()).toEqual([]);
  expect(await pushReachableCustomerIds(t.deps, vendorId)).toEqual(new Set());
});

test("a push service error (5xx) is 'failed' for the queue to retry, and the subscription stays with its failure noted", async () => {
  t = await buildWebPushTestApp(fake);
  const { vendorId, customerId, cardId, subscriptions } = await subscribedCustomer();
  fake.answer(subscriptions[0].endpoint, 503);
  await expect(sendCampaignPush(t.deps, message(vendorId, customerId, cardId))).resolves.toBe('failed');
  const row = await t.db.kysely.selectFrom('web_push_subscriptions').select(['last_success_at', 'last_failure_at']).executeTakeFirstOrThrow();
  expect(row.last_success_at).toBeNull();
  expect(row.last_failure_at).not.toBeNull();

  fake.answer(subscriptions[0].endpoint, 201);
  await expect(sendCampaignPush(t.deps, message(vendorId, customerId, cardId))).resolves.toBe('sent');
});

test("a push service that never answers is given up on after the client's timeout: 'failed', subscription kept", async () => {
  t = await buildWebPushTestApp(fake, { timeoutMs: 300 });
  const { vendorId, customerId, cardId, subscriptions } = await subscribedCustomer();
  fake.answer(subscriptions[0].endpoint, 'hang');
  await expect(sendCampaignPush(t.deps, message(vendorId, customerId, cardId))).resolves.toBe('failed');
  expect(await pushReachableCustomerIds(t.deps, vendorId)).toEqual(new Set([customerId]));
});

test('a customer without any subscription at the store is not reachable, and a push to them is gone without a request', async () => {
  t = await buildWebPushTestApp(fake);
  const store = await createStore(t);
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const { customerId, cardId } = await customerWithCardAt(t, store.id);
  const before = fake.received.length + fake.refused.length;
  await expect(sendCampaignPush(t.deps, message(store.id, customerId, cardId))).resolves.toBe('gone');
  expect(fake.received.length + fake.refused.length).toBe(before);
  expect(await pushReachableCustomerIds(t.deps, store.id)).toEqual(new Set());
});
