// A customer frequency selects the same customers wherever it is asked: the number the Campaigns form shows
// before launch is the number of customers the delivery plan messages, a visit is a store day with a stamp
// (one scan of several items, or several scans on one day, is one visit), a bonus stamp (the second stamp of
// a visit) is no visit in either, and an offer or a bonus stamp goes to the customers the form counted.
// Runs on SQLite and (with DATABASE_URL) PostgreSQL.
import type { CampaignAudience, CustomerFrequency } from '../../../src/api/contract/campaigns';
import type { CampaignChannel } from '../../../server/services/campaign-delivery';
import { planCampaignMessages } from '../../../server/services/campaign-delivery';
import { resetTestApp, buildTestApp, type TestApp } from '../helpers';
import { addCard, asCustomer, campaignInput, createMenuItem, createReward, createStore, customerIdOfCredential, DAY, freshCustomerAddress, HOUR, launchCampaign, MINUTE, scan, setStoreTimeZone, stampRowsAt, type TestStore } from '../factories';
import { seededRandom } from '../../soak/random';

let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await createStore(t, { company: 'Café Luna' });
});

/** A channel that reaches every customer of the store: the plan then messages exactly its audience. */
const everyone: CampaignChannel = {
  id: 'email',
  reachableCustomerIds: async (vendorId) => {
    const rows = await t.db.kysely.selectFrom('stamp_cards').select('customer_id').where('vendor_id', '=', vendorId).execute();
    return new Set(rows.map((row) => row.customer_id));
  },
  send: async () => 'sent',
};

/** The owner signed in now: tests move the clock over days. */
const ownerAuth = () => ({ authorization: `Bearer ${t.deps.sessions.issue(store.id)}` });

async function formCounts(): Promise<CampaignAudience> {
  const response = await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/audience`, headers: ownerAuth() });
  expect(response.statusCode).toBe(200);
  return response.json<CampaignAudience>();
}

/** Launches a campaign for `audience` now and answers the customers its delivery plan messages. */
async function plannedFor(audience: CustomerFrequency): Promise<string[]> {
  const campaignId = await launchCampaign(t, { id: store.id, auth: ownerAuth() }, campaignInput(t, { targetAudience: audience }));
  await planCampaignMessages(t.deps, [everyone]);
  const rows = await t.db.kysely.selectFrom('campaign_messages').select('customer_id').distinct().where('campaign_id', '=', campaignId).execute();
  // One campaign at a time: the store's weekly cap on messages would otherwise hold back the next one's.
  await t.db.kysely.deleteFrom('campaign_messages').execute();
  await t.db.kysely.updateTable('campaigns').set({ ended_at: t.clock.now() }).where('id', '=', campaignId).execute();
  return rows.map((row) => row.customer_id).sort();
}

/** A bonus-stamps campaign that gave the bonus stamps below (it ended before the campaigns these tests launch). */
async function pastBonusCampaign(): Promise<string> {
  const id = await launchCampaign(t, { id: store.id, auth: ownerAuth() }, campaignInput(t, { promotionType: 'bonus-stamps', campaignTitle: 'Double stamps' }));
  await t.db.kysely.updateTable('campaigns').set({ ended_at: t.clock.now() }).where('id', '=', id).execute();
  return id;
}

describe('weekly visitors (3 visits in 30 days): a bonus stamp is no visit', () => {
  it('a customer with 2 visits and 1 bonus stamp is not weekly, neither in the form\'s count nor in the delivery plan', async () => {
    const bonusCampaign = await pastBonusCampaign();
    const now = t.clock.now();
    const card = await addCard(t, store.id, 'Ana');
    await stampRowsAt(t, card, [now - 3 * DAY, now - DAY]);
    await stampRowsAt(t, card, [now - DAY], { bonusCampaignId: bonusCampaign });

    expect(await formCounts()).toMatchObject({ weekly: 0, monthly: 1, all: 1 });
    expect(await plannedFor('weekly')).toEqual([]);
    expect(await plannedFor('monthly')).toEqual([card.customerId]);
  });

  it('a third visit makes them weekly in both', async () => {
    const now = t.clock.now();
    const card = await addCard(t, store.id, 'Ana');
    await stampRowsAt(t, card, [now - 3 * DAY, now - 2 * DAY, now - DAY]);

    expect(await formCounts()).toMatchObject({ weekly: 1 });
    expect(await plannedFor('weekly')).toEqual([card.customerId]);
  });
});

describe('a visit is a store day with a stamp, whatever the stamps of that day', () => {
  /** A per-item store: the counter's code carries how many items the customer bought, each one a stamp. */
  async function perItemStore(): Promise<void> {
    await createReward(t, store.id, await createMenuItem(t, store.id, 'Flat White', 600), 10);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/rewards/${store.id}/settings`, headers: ownerAuth(), payload: { stampMode: 'per-item', maxPerTransaction: 3, autoRedeem: false, expiryDays: null } });
    expect(saved.statusCode).toBe(200);
  }

  /** One scan at the counter for `items` items now; answers the customer's credential (a new customer without one). */
  async function scanFor(items: number, credential?: string): Promise<string> {
    const code = await t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${store.id}?count=${items}`, headers: ownerAuth() });
    expect(code.statusCode).toBe(200);
    const response = await scan(t, code.json<{ token: string }>().token, { credential, remoteAddress: freshCustomerAddress() });
    expect(response.statusCode).toBe(200);
    // The answer names the stamps given only when a scan gave more than one.
    expect(response.json<{ stampsGiven?: number }>().stampsGiven ?? 1).toBe(items);
    return credential ?? response.json<{ credential: string }>().credential;
  }

  it('in per-item mode, one scan of 3 items is one visit: a monthly visitor, not a weekly one, in the form and in the plan', async () => {
    await perItemStore();
    const customerId = await customerIdOfCredential(t, await scanFor(3));
    t.clock.advance(HOUR);

    expect(await formCounts()).toMatchObject({ weekly: 0, monthly: 1 });
    expect(await plannedFor('weekly')).toEqual([]);
    expect(await plannedFor('monthly')).toEqual([customerId]);
  });

  it('in per-item mode, 3 scans on 3 different days are 3 visits: a weekly visitor', async () => {
    await perItemStore();
    const credential = await scanFor(3);
    t.clock.advance(DAY);
    await scanFor(1, credential);
    t.clock.advance(DAY);
    await scanFor(2, credential);
    t.clock.advance(HOUR);

    expect(await formCounts()).toMatchObject({ weekly: 1, monthly: 1 });
    expect(await plannedFor('weekly')).toEqual([await customerIdOfCredential(t, credential)]);
  });

  it('3 scans on one day are one visit: not a weekly visitor', async () => {
    await perItemStore();
    const credential = await scanFor(1);
    // Past the cooldown between two stamps of one phone, the same day (the clock stands at 10:00 UTC).
    t.clock.advance(2 * HOUR);
    await scanFor(1, credential);
    t.clock.advance(2 * HOUR);
    await scanFor(2, credential);
    t.clock.advance(HOUR);

    expect(await formCounts()).toMatchObject({ weekly: 0, monthly: 1 });
    expect(await plannedFor('weekly')).toEqual([]);
  });

  // 23:05, 23:35 and 23:55 in Kolkata are 17:35, 18:05 and 18:25 UTC; 00:30 is 19:00 UTC, the same UTC day.
  it('in Asia/Kolkata, three stamps between 23:00 and midnight are one visit; 23:30 and 00:30 are two', async () => {
    await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
    const oneLateNight = await addCard(t, store.id, 'One late night');
    await stampRowsAt(t, oneLateNight, ['2026-11-20T17:35:00Z', '2026-11-20T18:05:00Z', '2026-11-20T18:25:00Z'].map(Date.parse));
    const acrossMidnight = await addCard(t, store.id, 'Across midnight');
    // 23:30 and 00:30 one night, and an afternoon two days before: three store days.
    await stampRowsAt(t, acrossMidnight, ['2026-11-20T18:00:00Z', '2026-11-20T19:00:00Z', '2026-11-18T10:00:00Z'].map(Date.parse));

    expect(await formCounts()).toMatchObject({ weekly: 1, monthly: 2 });
    expect(await plannedFor('weekly')).toEqual([acrossMidnight.customerId]);
  });

  it('a store without a time zone counts UTC days: the same stamps across Kolkata\'s midnight are one visit', async () => {
    await setStoreTimeZone(t, store.id, null);
    const acrossMidnight = await addCard(t, store.id, 'Across midnight');
    await stampRowsAt(t, acrossMidnight, ['2026-11-20T18:00:00Z', '2026-11-20T19:00:00Z', '2026-11-18T10:00:00Z'].map(Date.parse));

    expect(await formCounts()).toMatchObject({ weekly: 0, monthly: 1 });
  });

  it('an offer for weekly visitors shows on the card of a customer with visits on 3 days, not on that of one scan of 3 items', async () => {
    await perItemStore();
    const oneScan = await scanFor(3);
    const threeDays = await scanFor(1);
    t.clock.advance(DAY);
    await scanFor(1, threeDays);
    t.clock.advance(DAY);
    await scanFor(1, threeDays);
    t.clock.advance(HOUR);
    const id = await launchCampaign(t, { id: store.id, auth: ownerAuth() }, campaignInput(t, { targetAudience: 'weekly', promotionType: 'exclusive-offer' }));
    t.clock.advance(MINUTE);

    const offersOn = async (credential: string) => {
      const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
      const cardId = wallet.json<{ cards: { id: string }[] }>().cards[0]!.id;
      const card = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(credential) });
      return (card.json<{ offers?: { id: string }[] }>().offers ?? []).map((offer) => offer.id);
    };
    expect(await offersOn(threeDays)).toEqual([id]);
    expect(await offersOn(oneScan)).toEqual([]);
  });
});

describe('the form counts the customers the plan messages, for every frequency', () => {
  const FREQUENCIES: CustomerFrequency[] = ['daily', 'weekly', 'monthly', 'all'];

  it.each([
    ['a store in Asia/Kolkata', 'Asia/Kolkata', 20261126],
    ['a store without a time zone', null, 7],
  ])('%s: random customers, visits, bonus stamps, removed stamps and deleted wallets', async (_name, zone, seed) => {
    await setStoreTimeZone(t, store.id, zone);
    const random = seededRandom(seed);
    const bonusCampaign = await pastBonusCampaign();
    const now = t.clock.now();
    for (let i = 0; i < 24; i += 1) {
      const card = await addCard(t, store.id, `Customer ${i}`);
      // Visits over the last 40 days, some of them late in the evening (where UTC and the store's days part).
      const visits = Array.from({ length: random.int(16) }, () => now - random.int(40) * DAY - random.int(24) * HOUR);
      await stampRowsAt(t, card, visits);
      await stampRowsAt(t, card, visits.filter(() => random.next() < 0.5), { bonusCampaignId: bonusCampaign });
      await stampRowsAt(t, card, Array.from({ length: random.int(3) }, () => now - random.int(30) * DAY), { voidedAt: now });
      if (random.next() < 0.1) await t.db.kysely.updateTable('customers').set({ deleted_at: now }).where('id', '=', card.customerId).execute();
    }
    // A card holder who has not come for 35 days: in no audience but all.
    await stampRowsAt(t, await addCard(t, store.id, 'Long gone'), [now - 35 * DAY]);

    const counts = await formCounts();
    const planned: Record<string, number> = {};
    for (const frequency of FREQUENCIES) planned[frequency] = (await plannedFor(frequency)).length;
    expect(planned).toEqual({ daily: counts.daily, weekly: counts.weekly, monthly: counts.monthly, all: counts.all });
    // The random set is wide enough to tell the frequencies apart.
    expect(counts.all).toBeGreaterThan(counts.monthly);
    expect(counts.monthly).toBeGreaterThan(counts.weekly);
    expect(counts.weekly).toBeGreaterThan(counts.daily);
    expect(counts.daily).toBeGreaterThan(0);
  });
});
