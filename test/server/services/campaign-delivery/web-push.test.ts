// Campaign delivery on the web push channel, with real parts: a customer who switched on the store's
// notifications gets the launched campaign's title and description, encrypted to their browser (the local
// push service decrypts it); the form counts them as reachable by push; a browser that dropped its
// subscription is not retried; a push the service refused is sent again under the same Topic.
import type { CampaignInput } from '../../../../src/api/contract/campaigns';
import { createJobRunner } from '../../../../server/infra/jobs';
import { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, campaignChannels, campaignDeliveryJobHandlers, planCampaignMessages } from '../../../../server/services/campaign-delivery';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../../support/fake-push-service';
import { asCustomer, buildWebPushTestApp, campaignInput, customerWithCardAt, launchCampaign, rewardStore } from '../../factories';
import type { TestApp } from '../../helpers';

const DAY = 86_400_000;
let fake: FakePushService;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakePushService();
});
afterAll(async () => fake.close());
afterEach(async () => t?.close());

async function launch(store: { id: string; auth: Record<string, string> }): Promise<void> {
  const now = t.clock.now();
  const campaign: CampaignInput = {
    campaignTitle: 'Winter Warmer Week',
    campaignDescription: 'A free pastry with every large coffee.',
    targetAudience: 'all',
    startDateTime: new Date(now).toISOString(),
    endDateTime: new Date(now + 14 * DAY).toISOString(),
    promotionType: 'discount',
    itemsToPromote: ['Coffee'],
    notificationFrequency: 'once',
    abTesting: false,
    budget: 50,
  };
  const launched = await t.app.inject({ method: 'POST', url: `/api/campaigns/${store.id}`, headers: store.auth, payload: campaign });
  expect(launched.statusCode).toBe(201);
}

/** Plans, then runs one batch of sends (one at a time with `concurrency: 1`, as the SQLite runner does); answers how many jobs ran. */
async function deliver(concurrency?: number): Promise<number> {
  await planCampaignMessages(t.deps, campaignChannels(t.deps));
  const runner = createJobRunner({ db: t.db, handlers: campaignDeliveryJobHandlers(t.deps, campaignChannels(t.deps)), owner: 'server-a', now: t.clock.now, random: () => 1, maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS, backoff: CAMPAIGN_JOB_BACKOFF, concurrency });
  const ran = await runner.runOnce();
  await runner.stop();
  return ran;
}

test('a customer who switched on notifications receives the launched campaign in their browser', async () => {
  t = await buildWebPushTestApp(fake);
  const store = await rewardStore(t, 'Café Luna');
  const customer = await customerWithCardAt(t, store.id);
  const browser = fake.subscribe();
  const subscribed = await t.app.inject({ method: 'POST', url: `/api/web-push/cards/${customer.cardId}/subscriptions`, headers: asCustomer(customer.credential), payload: browser });
  expect(subscribed.statusCode).toBe(204);
  await launchCampaign(t, store, campaignInput(t, { endDateTime: new Date(t.clock.now() + 14 * DAY).toISOString(), budget: 50 }));

  const before = fake.received.length;
  await deliver();
  const received = fake.received.slice(before);
  expect(received.map((push) => push.endpoint)).toEqual([browser.endpoint]);
  const payload = JSON.parse(received[0]!.payload) as { title: string; body: string; url: string };
  expect(payload.title).toBe('Winter Warmer Week');
  expect(payload.body).toContain('A free pastry with every large coffee.');
  expect(payload.url).toContain(`/wallet/${customer.cardId}`);

  // Delivered once: the next round sends nothing more for this period.
  await deliver();
  expect(fake.received.length).toBe(before + 1);
});

test('a push the service failed is sent again with the same Topic, so the service can collapse a repeat', async () => {
  t = await buildWebPushTestApp(fake);
  const store = await rewardStore(t, 'Café Luna');
  const customer = await customerWithCardAt(t, store.id);
  const browser = fake.subscribe();
  await t.app.inject({ method: 'POST', url: `/api/web-push/cards/${customer.cardId}/subscriptions`, headers: asCustomer(customer.credential), payload: browser });
  await launch(store);
  fake.answer(browser.endpoint, 500);
  await deliver();
  fake.answer(browser.endpoint, 201);
  t.clock.advance(31 * 60_000);
  await deliver();
  const tries = fake.attempts.filter((attempt) => attempt.endpoint === browser.endpoint);
  expect(tries.map((attempt) => attempt.status)).toEqual([500, 201]);
  expect(tries[0]!.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(tries[1]!.topic).toBe(tries[0]!.topic);
  expect(fake.received.filter((push) => push.endpoint === browser.endpoint)).toHaveLength(1);
});

test("a push service answering 429 with Retry-After: 120 gets that message again no sooner, and another customer's message for the same service waits too", async () => {
  t = await buildWebPushTestApp(fake);
  const store = await rewardStore(t, 'Café Luna');
  const browsers: FakeSubscription[] = [];
  for (let i = 0; i < 2; i += 1) {
    const customer = await customerWithCardAt(t, store.id);
    const browser = fake.subscribe();
    await t.app.inject({ method: 'POST', url: `/api/web-push/cards/${customer.cardId}/subscriptions`, headers: asCustomer(customer.credential), payload: browser });
    // Whichever message goes first meets the slow-down.
    fake.answer(browser.endpoint, { status: 429, headers: { 'retry-after': '120' } });
    browsers.push(browser);
  }
  const triesOf = () => fake.attempts.filter((attempt) => browsers.some((browser) => browser.endpoint === attempt.endpoint));
  await launch(store);
  await deliver(1);
  expect(triesOf().map((attempt) => attempt.status)).toEqual([429]);
  for (const browser of browsers) fake.answer(browser.endpoint, 201);
  // The campaign's own backoff (30 s) would have sent both again well before.
  t.clock.advance(119_000);
  await deliver(1);
  expect(triesOf()).toHaveLength(1);
  t.clock.advance(1000);
  await deliver(1);
  expect(triesOf().map((attempt) => attempt.status)).toEqual([429, 201, 201]);
  expect(fake.received.filter((push) => browsers.some((browser) => browser.endpoint === push.endpoint))).toHaveLength(2);
});

test('a browser whose push service answers 410 (or 404) loses its subscription, and its message is settled, never tried again', async () => {
  t = await buildWebPushTestApp(fake);
  const store = await rewardStore(t, 'Café Luna');
  const gone: string[] = [];
  for (const status of [410, 404]) {
    const customer = await customerWithCardAt(t, store.id);
    const browser = fake.subscribe();
    await t.app.inject({ method: 'POST', url: `/api/web-push/cards/${customer.cardId}/subscriptions`, headers: asCustomer(customer.credential), payload: browser });
    fake.answer(browser.endpoint, status);
    gone.push(browser.endpoint);
  }
  await launch(store);
  await deliver();
  expect(await t.db.kysely.selectFrom('web_push_subscriptions').select('endpoint').where('endpoint', 'in', gone).execute()).toEqual([]);
  expect(await t.db.kysely.selectFrom('campaign_messages').select('state').where('channel', '=', 'push').execute()).toEqual([{ state: 'skipped' }, { state: 'skipped' }]);
  t.clock.advance(2 * DAY);
  await deliver();
  expect(fake.attempts.filter((attempt) => gone.includes(attempt.endpoint))).toHaveLength(2);
});
