// A customer frequency selects the same customers wherever it is asked: the number the Campaigns form shows
// before launch is the number of customers the delivery plan messages, a bonus stamp (the second stamp of a
// visit) is no visit in either, and an offer or a bonus stamp goes to the customers the form counted.
// Runs on SQLite and (with DATABASE_URL) PostgreSQL.
import type { CampaignAudience, CustomerFrequency } from '../../../src/api/contract/campaigns';
import type { CampaignChannel } from '../../../server/services/campaign-delivery';
import { planCampaignMessages } from '../../../server/services/campaign-delivery';
import { buildTestApp, type TestApp } from '../helpers';
import { addCard, campaignInput, createStore, DAY, HOUR, launchCampaign, setStoreTimeZone, stampRowsAt, type TestStore } from '../factories';
import { seededRandom } from '../../soak/random';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  store = await createStore(t, { company: 'Café Luna' });
});

afterEach(async () => {
  await t.close();
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

async function formCounts(): Promise<CampaignAudience> {
  const response = await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/audience`, headers: store.auth });
  expect(response.statusCode).toBe(200);
  return response.json<CampaignAudience>();
}

/** Launches a campaign for `audience` now and answers the customers its delivery plan messages. */
async function plannedFor(audience: CustomerFrequency): Promise<string[]> {
  const campaignId = await launchCampaign(t, store, campaignInput(t, { targetAudience: audience }));
  await planCampaignMessages(t.deps, [everyone]);
  const rows = await t.db.kysely.selectFrom('campaign_messages').select('customer_id').distinct().where('campaign_id', '=', campaignId).execute();
  // One campaign at a time: the store's weekly cap on messages would otherwise hold back the next one's.
  await t.db.kysely.deleteFrom('campaign_messages').execute();
  await t.db.kysely.updateTable('campaigns').set({ ended_at: t.clock.now() }).where('id', '=', campaignId).execute();
  return rows.map((row) => row.customer_id).sort();
}

/** A bonus-stamps campaign that gave the bonus stamps below (it ended before the campaigns these tests launch). */
async function pastBonusCampaign(): Promise<string> {
  const id = await launchCampaign(t, store, campaignInput(t, { promotionType: 'bonus-stamps', campaignTitle: 'Double stamps' }));
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
