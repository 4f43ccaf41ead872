// What the plan and the Google channel count of a customer's recent campaign messages at one store: every
// campaign of the store, an ended one too, and nothing of another store's or from before the window. The
// messages have no index by store and customer (each planned message would write an entry in it): these
// counts go through the store's campaigns. Runs on SQLite and (with DATABASE_URL) PostgreSQL.
import crypto from 'node:crypto';
import type { CampaignMessageState } from '../../../server/repositories/campaign-delivery';
import { googleNotificationsSince, recentOccasionCounts } from '../../../server/repositories/campaign-delivery';
import { buildTestApp, type TestApp } from '../helpers';
import { campaignInput, createStore, DAY, HOUR, launchCampaign, mailableCards, type TestStore } from '../factories';

let t: TestApp;
let store: TestStore;
let otherStore: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  store = await createStore(t, { company: 'Café Luna' });
  otherStore = await createStore(t, { company: 'Bean There' });
});

afterEach(async () => {
  await t.close();
});

/** A campaign of the store that ran from `daysAgo` days ago for `days` days. */
async function campaignOf(of: TestStore, daysAgo: number, days: number): Promise<string> {
  const id = await launchCampaign(t, of, campaignInput(t, { endDateTime: new Date(t.clock.now() + DAY).toISOString() }));
  const startAt = t.clock.now() - daysAgo * DAY;
  await t.db.kysely.updateTable('campaigns').set({ start_at: startAt, end_at: startAt + days * DAY }).where('id', '=', id).execute();
  return id;
}

interface Message {
  campaignId: string;
  vendorId: string;
  customerId: string;
  channel?: string;
  period?: number;
  state?: CampaignMessageState;
  dueAt: number;
  finishedAt?: number;
}

async function addMessages(messages: readonly Message[]): Promise<void> {
  await t.db.kysely
    .insertInto('campaign_messages')
    .values(
      messages.map((message) => ({
        id: crypto.randomUUID(),
        campaign_id: message.campaignId,
        vendor_id: message.vendorId,
        customer_id: message.customerId,
        channel: message.channel ?? 'email',
        period: message.period ?? 0,
        state: message.state ?? 'sent',
        due_at: message.dueAt,
        attempts: 1,
        last_error: null,
        created_at: message.dueAt,
        finished_at: message.state === 'waiting' ? null : (message.finishedAt ?? message.dueAt),
      })),
    )
    .execute();
}

it('counts the occasions of every campaign of the store in the window, an ended one too, once per campaign and period whatever the channels', async () => {
  const [ana, ben, cleo] = await mailableCards(t, store.id, 3);
  const now = t.clock.now();
  const running = await campaignOf(store, 3, 10);
  // Ended 7 days ago: its last messages, held for the morning after its end, fell due within the week.
  const ended = await campaignOf(store, 9, 2);
  const old = await campaignOf(store, 30, 2);
  const elsewhere = await campaignOf(otherStore, 1, 10);
  await addMessages([
    { campaignId: running, vendorId: store.id, customerId: ana!, dueAt: now - 2 * DAY },
    { campaignId: running, vendorId: store.id, customerId: ana!, channel: 'push', dueAt: now - 2 * DAY },
    { campaignId: running, vendorId: store.id, customerId: ana!, period: 1, state: 'waiting', dueAt: now - HOUR },
    { campaignId: ended, vendorId: store.id, customerId: ana!, dueAt: now - 7 * DAY + 10 * HOUR },
    { campaignId: ended, vendorId: store.id, customerId: ben!, dueAt: now - 7 * DAY + 10 * HOUR },
    // Given up, or not reachable there: no occasion.
    { campaignId: running, vendorId: store.id, customerId: ben!, state: 'failed', dueAt: now - DAY },
    { campaignId: running, vendorId: store.id, customerId: cleo!, state: 'skipped', dueAt: now - DAY },
    { campaignId: old, vendorId: store.id, customerId: cleo!, dueAt: now - 29 * DAY },
    { campaignId: elsewhere, vendorId: otherStore.id, customerId: cleo!, dueAt: now - HOUR },
  ]);
  const counts = await recentOccasionCounts(t.db.reads, store.id, now - 7 * DAY);
  expect(Object.fromEntries([...counts].map(([customer, n]) => [customer === ana ? 'ana' : customer === ben ? 'ben' : 'cleo', n]))).toEqual({ ana: 3, ben: 1 });
  // One page of customers: the first of the two by id only.
  const first = [ana!, ben!].sort()[0]!;
  expect([...(await recentOccasionCounts(t.db.reads, store.id, now - 7 * DAY, { after: '', last: first })).keys()]).toEqual([first]);
});

it("counts the Google notifications sent to the customer's card of the store in the last day, over every campaign of the store", async () => {
  const [ana, ben] = await mailableCards(t, store.id, 2);
  const now = t.clock.now();
  const running = await campaignOf(store, 3, 10);
  // Ended two days ago; its last message, held for the morning after its end, went out nearly a day late.
  const ended = await campaignOf(store, 5, 3);
  const elsewhere = await campaignOf(otherStore, 1, 10);
  await addMessages([
    { campaignId: running, vendorId: store.id, customerId: ana!, channel: 'google-pass', dueAt: now - 2 * HOUR },
    { campaignId: running, vendorId: store.id, customerId: ana!, channel: 'google-pass', period: 1, dueAt: now - 2 * DAY },
    { campaignId: ended, vendorId: store.id, customerId: ana!, channel: 'google-pass', dueAt: now - 2 * DAY + 10 * HOUR, finishedAt: now - DAY + 9 * HOUR },
    { campaignId: running, vendorId: store.id, customerId: ana!, channel: 'email', period: 2, dueAt: now - HOUR },
    { campaignId: running, vendorId: store.id, customerId: ana!, channel: 'google-pass', period: 3, state: 'failed', dueAt: now - HOUR },
    { campaignId: running, vendorId: store.id, customerId: ben!, channel: 'google-pass', dueAt: now - HOUR },
    { campaignId: elsewhere, vendorId: otherStore.id, customerId: ana!, channel: 'google-pass', dueAt: now - HOUR },
  ]);
  expect(await googleNotificationsSince(t.db.kysely, store.id, ana!, now - DAY)).toBe(2);
  expect(await googleNotificationsSince(t.db.kysely, store.id, ben!, now - DAY)).toBe(1);
});
