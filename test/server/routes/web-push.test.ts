// /api/web-push: the VAPID public key, and a customer's push subscriptions for the store of one of
// their own cards (their credential only; at most five browsers per store; https endpoints of a
// public push service only, with keys of the right sizes).
import crypto from 'node:crypto';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../support/fake-push-service';
import { asCustomer, buildCustomerTestApp, buildWebPushTestApp, createStore, customerWithCardAt, dynamicToken, scan, setReward } from '../factories';
import type { TestApp } from '../helpers';
import { MAX_SUBSCRIPTIONS_PER_STORE } from '../../../server/services/web-push';
import { createWebPushClient, resolveVapidKeys } from '../../../server/infra/web-push';

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

async function storeWithReward(company = 'Café Luna') {
  const store = await createStore(t, { company });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  return store;
}

function subscribe(cardId: string, credential: string | undefined, body: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/web-push/cards/${cardId}/subscriptions`, headers: credential ? asCustomer(credential) : {}, payload: body as object });
}

function unsubscribe(cardId: string, credential: string, endpoint: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/web-push/cards/${cardId}/subscriptions`, headers: asCustomer(credential), payload: { endpoint } });
}

async function endpointsOf(cardId: string, credential: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/web-push/cards/${cardId}/subscriptions`, headers: asCustomer(credential) });
  expect(response.statusCode).toBe(200);
  return (response.json() as { endpoints: string[] }).endpoints;
}

test('answers the VAPID public key browsers subscribe with: a P-256 point, the same on every call and kept in the database', async () => {
  t = await buildWebPushTestApp(fake);
  const first = await t.app.inject({ method: 'GET', url: '/api/web-push/key' });
  expect(first.statusCode).toBe(200);
  const { publicKey } = first.json() as { publicKey: string };
  const point = Buffer.from(publicKey, 'base64url');
  expect(point).toHaveLength(65);
  expect(point[0]).toBe(4);
  const stored = await t.db.kysely.selectFrom('app_settings').select('value').where('key', '=', 'vapid_keys').executeTakeFirstOrThrow();
  expect(JSON.parse(stored.value)).toMatchObject({ publicKey });
  expect((await t.app.inject({ method: 'GET', url: '/api/web-push/key' })).json()).toEqual({ publicKey });
});

test('a server without push set up answers 404 for the key and for subscribing', async () => {
  t = await buildCustomerTestApp();
  expect((await t.app.inject({ method: 'GET', url: '/api/web-push/key' })).statusCode).toBe(404);
  const store = await storeWithReward();
  const { credential, cardId } = await customerWithCardAt(t, store.id);
  expect((await subscribe(cardId, credential, fake.subscribe())).statusCode).toBe(404);
});

test('a customer subscribes this browser for the store of their card, sees it listed, and switching off removes it', async () => {
  t = await buildWebPushTestApp(fake);
  const store = await storeWithReward();
  const { credential, cardId } = await customerWithCardAt(t, store.id);
  const browser = fake.subscribe();
  expect((await subscribe(cardId, credential, browser)).statusCode).toBe(204);
  expect(await endpointsOf(cardId, credential)).toEqual([browser.endpoint]);
  const row = await t.db.kysely.selectFrom('web_push_subscriptions').selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ vendor_id: store.id, endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth });

  const off = await unsubscribe(cardId, credential, browser.endpoint);
  expect(off.statusCode).toBe(200);
  expect(off.json()).toEqual({ endpointStillUsed: false });
  expect(await endpointsOf(cardId, credential)).toEqual([]);
});

test('switching one store off tells the browser another store still uses its endpoint', async () => {
  t = await buildWebPushTestApp(fake);
  const luna = await storeWithReward('Café Luna');
  const sol = await storeWithReward('Café Sol');
  const { credential, cardId: lunaCard } = await customerWithCardAt(t, luna.id);
  expect((await scan(t, dynamicToken(t, sol.id), { credential })).statusCode).toBe(200);
  const wallet = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) })).json() as { cards: { id: string }[] };
  const solCard = wallet.cards.map((card) => card.id).find((id) => id !== lunaCard)!;
  const browser = fake.subscribe();
  expect((await subscribe(lunaCard, credential, browser)).statusCode).toBe(204);
  expect((await subscribe(solCard, credential, browser)).statusCode).toBe(204);
  expect((await unsubscribe(lunaCard, credential, browser.endpoint)).json()).toEqual({ endpointStillUsed: true });
  expect(await endpointsOf(solCard, credential)).toEqual([browser.endpoint]);
});

test("another customer's card is a 404, and without a credential 401: nobody subscribes, lists or removes for someone else", async () => {
  t = await buildWebPushTestApp(fake);
  const store = await storeWithReward();
  const owner = await customerWithCardAt(t, store.id);
  const stranger = await customerWithCardAt(t, store.id);
  const browser = fake.subscribe();
  expect((await subscribe(owner.cardId, owner.credential, browser)).statusCode).toBe(204);

  expect((await subscribe(owner.cardId, stranger.credential, fake.subscribe())).statusCode).toBe(404);
  expect((await subscribe(owner.cardId, undefined, fake.subscribe())).statusCode).toBe(401);
  expect((await t.app.inject({ method: 'GET', url: `/api/web-push/cards/${owner.cardId}/subscriptions`, headers: asCustomer(stranger.credential) })).statusCode).toBe(404);
  expect((await unsubscribe(owner.cardId, stranger.credential, browser.endpoint)).statusCode).toBe(404);
  // Through their own card at the same store, the stranger cannot remove the owner's subscription either.
  await unsubscribe(stranger.cardId, stranger.credential, browser.endpoint);
  expect(await endpointsOf(owner.cardId, owner.credential)).toEqual([browser.endpoint]);
});

test(`at most ${MAX_SUBSCRIPTIONS_PER_STORE} browsers of a wallet get one store's offers; renewing one of them is not a new one`, async () => {
  t = await buildWebPushTestApp(fake);
  const store = await storeWithReward();
  const { credential, cardId } = await customerWithCardAt(t, store.id);
  const browsers: FakeSubscription[] = [];
  for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_STORE; i += 1) {
    browsers.push(fake.subscribe());
    expect((await subscribe(cardId, credential, browsers[i])).statusCode).toBe(204);
  }
  const sixth = await subscribe(cardId, credential, fake.subscribe());
  expect(sixth.statusCode).toBe(409);
  const renewed = { ...browsers[0], keys: fake.subscribe().keys };
  expect((await subscribe(cardId, credential, renewed)).statusCode).toBe(204);
  expect(await endpointsOf(cardId, credential)).toHaveLength(MAX_SUBSCRIPTIONS_PER_STORE);
});

describe('refuses with 400 a subscription the server cannot or must not post to', () => {
  const point = () => {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    return ecdh.getPublicKey().toString('base64url');
  };
  const auth = crypto.randomBytes(16).toString('base64url');
  const cases: [string, (endpoint: string) => unknown][] = [
    ['an http endpoint', (endpoint) => ({ endpoint: endpoint.replace('https:', 'http:'), keys: { p256dh: point(), auth } })],
    ['an endpoint on a private address', () => ({ endpoint: 'https://10.0.0.7/push/abc', keys: { p256dh: point(), auth } })],
    ['an endpoint on an IPv6 literal', () => ({ endpoint: 'https://[fd00::1]/push/abc', keys: { p256dh: point(), auth } })],
    ['an endpoint with credentials', () => ({ endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/abc', keys: { p256dh: point(), auth } })],
    ['an endpoint of 2 KB', () => ({ endpoint: `https://fcm.googleapis.com/${'a'.repeat(2048)}`, keys: { p256dh: point(), auth } })],
    ['a p256dh that is no P-256 point', (endpoint) => ({ endpoint, keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth } })],
    ['a p256dh of the wrong length', (endpoint) => ({ endpoint, keys: { p256dh: point().slice(0, 40), auth } })],
    ['an auth secret of the wrong length', (endpoint) => ({ endpoint, keys: { p256dh: point(), auth: crypto.randomBytes(32).toString('base64url') } })],
    ['no keys', (endpoint) => ({ endpoint })],
  ];
  test.each(cases)('%s', async (_name, body) => {
    t = await buildWebPushTestApp(fake);
    const store = await storeWithReward();
    const { credential, cardId } = await customerWithCardAt(t, store.id);
    const response = await subscribe(cardId, credential, body(fake.subscribe().endpoint));
    expect(response.statusCode).toBe(400);
    expect(await endpointsOf(cardId, credential)).toEqual([]);
  });
});

test('endpoints on this machine are refused unless the configuration accepts a local push service', async () => {
  t = await buildCustomerTestApp();
  t.deps.webPush = createWebPushClient({ keys: await resolveVapidKeys(t.deps), subject: 'mailto:test@stampwise.test' });
  const store = await storeWithReward();
  const { credential, cardId } = await customerWithCardAt(t, store.id);
  const response = await subscribe(cardId, credential, fake.subscribe());
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ details: [{ field: 'endpoint' }] });
});
