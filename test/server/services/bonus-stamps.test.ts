// Bonus stamps through the scan: while a bonus-stamps campaign runs, a customer in its audience gets a
// second stamp per stamp, marked as bonus, until the budget (the reward's price per punch) is spent.
import type { CampaignInput } from '../../../src/api/contract/campaigns';
import type { ScanResponse } from '../../../src/api/contract/customer';
import { isHeldOut } from '../../../server/services/campaign-split';
import { resetTestApp, buildTestApp, parseCsv, type TestApp } from '../helpers';
import { campaignInput, createMenuItem, createReward, createStore, customerIdOfCredential, DAY, dynamicToken, HOUR, launchCampaign, getActivity, MINUTE, newCustomer, saveConfirmedEmail, scan, setStoreTimeZone, stampAt, type TestStore } from '../factories';

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
  store = await createStore(t, { company: 'Double Shot' });
  // A 6.00 flat white for 10 punches: each bonus stamp costs 0.60.
  await createReward(t, store.id, await createMenuItem(t, store.id, 'Flat White', 600), 10);
});

function launchBonus(overrides: Partial<CampaignInput> = {}): Promise<string> {
  return launchCampaign(t, store, campaignInput(t, {
    campaignTitle: 'Double stamps week',
    campaignDescription: 'Every stamp counts twice.',
    promotionType: 'bonus-stamps',
    itemsToPromote: ['Flat White'],
    budget: 10,
    ...overrides,
  }));
}

const customerIdOf = (credential: string) => customerIdOfCredential(t, credential);

async function scanAgain(credential: string): Promise<ScanResponse> {
  t.clock.advance(DAY);
  const response = await scan(t, dynamicToken(t, store.id), { credential });
  expect(response.statusCode).toBe(200);
  return response.json<ScanResponse>();
}

async function bonusEvents(): Promise<number> {
  const row = await t.db.kysely.selectFrom('stamp_events').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', store.id).where('bonus_campaign_id', 'is not', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('bonus stamps on POST /api/customer/scan', () => {
  it('gives two stamps for one scan during the campaign, the second marked as bonus, and one after it', async () => {
    const credential = await newCustomer(t, store.id);
    const campaignId = await launchBonus();
    const during = await scanAgain(credential);
    expect(during.card.stamps).toBe(3);
    expect(during.stampsGiven).toBe(2);
    expect(during.bonusStamps).toBe(1);
    const bonus = await t.db.kysely.selectFrom('stamp_events').select(['bonus_campaign_id']).where('bonus_campaign_id', 'is not', null).execute();
    expect(bonus).toEqual([{ bonus_campaign_id: campaignId }]);

    t.clock.advance(7 * DAY);
    const after = await scanAgain(credential);
    expect(after.card.stamps).toBe(4);
    expect(after.bonusStamps).toBeUndefined();
  });

  it("counts a daily visitor's days on the store's calendar: in Asia/Kolkata, 23:30 and 00:30 are two days", async () => {
    await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
    const credential = await newCustomer(t, store.id);
    const customerId = await customerIdOf(credential);
    const { id: cardId } = await t.db.kysely.selectFrom('stamp_cards').select('id').where('customer_id', '=', customerId).executeTakeFirstOrThrow();
    // Every other night for ten nights: 23:30 (18:00 UTC) and 00:30 (19:00 UTC), ten store days but five UTC days.
    for (let night = 1; night <= 5; night += 1) {
      const lateEvening = Date.parse('2026-11-21T18:00:00Z') - 2 * night * DAY;
      await stampAt(t, { cardId, customerId, vendorId: store.id }, lateEvening);
      await stampAt(t, { cardId, customerId, vendorId: store.id }, lateEvening + HOUR);
    }
    await launchBonus({ targetAudience: 'daily' });
    expect((await scanAgain(credential)).bonusStamps).toBe(1);
  });

  it('stops once the budget is spent: each bonus stamp costs the reward price divided by the punches', async () => {
    // A budget of 1.00 pays for one bonus stamp at 0.60, not two.
    await launchBonus({ budget: 1 });
    const credential = await newCustomer(t, store.id);
    expect((await scanAgain(credential)).bonusStamps).toBeUndefined();
    const second = await newCustomer(t, store.id);
    expect(await bonusEvents()).toBe(1);
    expect((await scanAgain(second)).bonusStamps).toBeUndefined();
    const [row] = await t.db.kysely.selectFrom('campaigns').select(['bonus_spent_cents', 'bonus_stamps']).execute();
    expect({ spent: Number(row.bonus_spent_cents), stamps: Number(row.bonus_stamps) }).toEqual({ spent: 60, stamps: 1 });
  });

  it('gives the last bonus stamp of the budget to exactly one of two customers scanning at once', async () => {
    await launchBonus({ budget: 1 });
    const token = dynamicToken(t, store.id);
    const responses = await Promise.all([scan(t, token, { remoteAddress: '10.9.0.1' }), scan(t, token, { remoteAddress: '10.9.0.2' })]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const given = responses.map((r) => r.json<ScanResponse>().card.stamps).sort();
    expect(given).toEqual([1, 2]);
    expect(await bonusEvents()).toBe(1);
    const [row] = await t.db.kysely.selectFrom('campaigns').select('bonus_spent_cents').execute();
    expect(Number(row.bonus_spent_cents)).toBe(60);
  });

  it('gives no bonus to customers outside the audience (weekly: 3 stamps in the 30 days before the start)', async () => {
    const regular = await newCustomer(t, store.id);
    for (let i = 0; i < 2; i += 1) await scanAgain(regular);
    const newcomer = await newCustomer(t, store.id);
    t.clock.advance(MINUTE);
    await launchBonus({ targetAudience: 'weekly' });
    expect((await scanAgain(regular)).bonusStamps).toBe(1);
    expect((await scanAgain(newcomer)).bonusStamps).toBeUndefined();
  });

  it('gives no bonus for a weekly campaign to a customer whose 3 stamps came from one per-item scan of 3 items: one visit', async () => {
    const saved = await t.app.inject({ method: 'PUT', url: `/api/rewards/${store.id}/settings`, headers: store.auth, payload: { stampMode: 'per-item', maxPerTransaction: 3, autoRedeem: false, expiryDays: null } });
    expect(saved.statusCode).toBe(200);
    const code = await t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${store.id}?count=3`, headers: store.auth });
    const first = await scan(t, code.json<{ token: string }>().token);
    expect(first.json<ScanResponse>().stampsGiven).toBe(3);
    const credential = first.json<{ credential: string }>().credential;
    t.clock.advance(MINUTE);
    await launchBonus({ targetAudience: 'weekly' });
    expect((await scanAgain(credential)).bonusStamps).toBeUndefined();
  });

  it('gives no bonus to the held-out half when A/B testing is on', async () => {
    // Each side is a coin toss per customer: sixteen all on one side is a 1 in 32,768 chance.
    const credentials = [];
    for (let i = 0; i < 16; i += 1) credentials.push(await newCustomer(t, store.id, `10.8.0.${i + 1}`));
    const campaignId = await launchBonus({ abTesting: true });
    const sides = await Promise.all(credentials.map(async (credential) => ({ credential, heldOut: isHeldOut(campaignId, await customerIdOf(credential)) })));
    const heldOut = sides.find((side) => side.heldOut);
    const messaged = sides.find((side) => !side.heldOut);
    if (!heldOut || !messaged) throw new Error('sixteen customers all fell on one side');
    expect((await scanAgain(heldOut.credential)).bonusStamps).toBeUndefined();
    expect((await scanAgain(messaged.credential)).bonusStamps).toBe(1);
  });

  it('gives no bonus while the campaign is paused', async () => {
    const credential = await newCustomer(t, store.id);
    const campaignId = await launchBonus();
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${store.id}/${campaignId}/pause`, headers: store.auth });
    expect((await scanAgain(credential)).bonusStamps).toBeUndefined();
  });

  it('marks the bonus stamp in the activity list and in the export\'s Bonus column (the campaign\'s title)', async () => {
    await launchBonus();
    await newCustomer(t, store.id);
    const items = (await getActivity(t, store.id, store.auth)).json<{ items: Array<{ stamps: number; bonus?: boolean }> }>().items;
    expect(items.map((item) => [item.stamps, item.bonus ?? false])).toEqual([[2, true], [1, false]]);
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const csv = parseCsv((await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/export.csv?from=${day}&to=${day}`, headers: store.auth })).body);
    expect(csv.slice(1).map((row) => row[5])).toEqual(['', 'Double stamps week']);
  });
});

describe('the bonus stamp in the activity list', () => {
  it('names the customer without a visit number: the bonus is the second stamp of a visit, not a visit', async () => {
    await launchBonus();
    await newCustomer(t, store.id);
    const items = (await getActivity(t, store.id, store.auth)).json<{ items: Array<{ customer: string; bonus?: boolean }> }>().items;
    expect(items.map((item) => [item.customer, item.bonus ?? false])).toEqual([['Customer #1', true], ['Customer #1, 1st visit', false]]);
  });

  it('numbers the next scan as the 2nd visit: a visit is a scan that stamped, never its bonus stamp', async () => {
    await launchBonus();
    const credential = await newCustomer(t, store.id);
    const second = await scanAgain(credential);
    expect(second.bonusStamps).toBe(1);
    const items = (await getActivity(t, store.id, store.auth)).json<{ items: Array<{ customer: string; bonus?: boolean }> }>().items;
    expect(items.map((item) => [item.customer, item.bonus ?? false])).toEqual([
      ['Customer #1', true], ['Customer #1, 2nd visit', false], ['Customer #1', true], ['Customer #1, 1st visit', false],
    ]);
  });

  it('counts 2 visits on the Customers page and in its export after two scans with bonus stamps', async () => {
    await launchBonus();
    const credential = await newCustomer(t, store.id);
    await scanAgain(credential);
    const customers = (await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}`, headers: store.auth })).json<{ items: Array<{ visits: number; stamps: number }> }>().items;
    expect(customers.map((c) => [c.visits, c.stamps])).toEqual([[2, 4]]);
    const csv = parseCsv((await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}/export.csv`, headers: store.auth })).body);
    expect(csv.slice(1).map((row) => row[1])).toEqual(['2']);
  });

  it('keeps the visit count when staff remove only a bonus stamp: the visit it came with still happened', async () => {
    await launchBonus();
    await scanAgain(await newCustomer(t, store.id));
    const bonus = await t.db.kysely.selectFrom('stamp_events').select('id').where('vendor_id', '=', store.id).where('bonus_campaign_id', 'is not', null).orderBy('created_at').executeTakeFirstOrThrow();
    const removed = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stamps/${bonus.id}/remove`, headers: store.auth, payload: { reason: 'Scanned twice by mistake' } });
    expect(removed.statusCode).toBe(200);
    const customers = (await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}`, headers: store.auth })).json<{ items: Array<{ visits: number }> }>().items;
    expect(customers.map((c) => c.visits)).toEqual([2]);
  });
});

describe('GET /api/campaigns/:vendorId for a bonus-stamps campaign', () => {
  it('shows the budget spent on bonus stamps and what is left', async () => {
    await launchBonus({ budget: 2 });
    await newCustomer(t, store.id);
    await newCustomer(t, store.id, '10.7.0.2');
    const [row] = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}`, headers: store.auth })).json<{ campaigns: Array<Record<string, unknown>> }>().campaigns;
    expect(row).toMatchObject({ budgetSpent: 1.2, budgetLeft: 0.8, bonusStamps: 2 });
  });
});

describe('a bonus stamp taken back gives its cost back to the campaign budget', () => {
  async function budgetRow(): Promise<Record<string, unknown>> {
    const [row] = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}`, headers: store.auth })).json<{ campaigns: Array<Record<string, unknown>> }>().campaigns;
    return row;
  }

  async function stampIds(bonus: boolean): Promise<string[]> {
    const rows = await t.db.kysely
      .selectFrom('stamp_events')
      .select('id')
      .where('vendor_id', '=', store.id)
      .where('bonus_campaign_id', bonus ? 'is not' : 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  function removeStamp(stampId: string) {
    return t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stamps/${stampId}/remove`, headers: store.auth, payload: { reason: 'Scanned twice by mistake' } });
  }

  it('when staff remove the bonus stamp from the activity list', async () => {
    await launchBonus({ budget: 2 });
    await newCustomer(t, store.id);
    await newCustomer(t, store.id, '10.7.0.2');
    expect(await budgetRow()).toMatchObject({ budgetSpent: 1.2, budgetLeft: 0.8, bonusStamps: 2 });

    const [bonus] = await stampIds(true);
    expect((await removeStamp(bonus)).statusCode).toBe(200);
    expect(await budgetRow()).toMatchObject({ budgetSpent: 0.6, budgetLeft: 1.4, bonusStamps: 1 });
    // The budget freed pays for the next customer's bonus.
    expect((await scan(t, dynamicToken(t, store.id), { remoteAddress: '10.7.0.3' })).json<ScanResponse>().bonusStamps).toBe(1);
    expect(await budgetRow()).toMatchObject({ budgetSpent: 1.2, bonusStamps: 2 });
  });

  it('when staff remove the stamp the bonus came with: both go, off the card, and the cost comes back', async () => {
    await launchBonus({ budget: 2 });
    const credential = await newCustomer(t, store.id);
    const [stamp] = await stampIds(false);

    const response = await removeStamp(stamp);
    expect(response.statusCode).toBe(200);
    const card = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: { 'x-customer-key': credential } })).json().cards[0];
    expect(card.stamps).toBe(0);
    expect(await budgetRow()).toMatchObject({ budgetSpent: 0, budgetLeft: 2, bonusStamps: 0 });
    const items = (await getActivity(t, store.id, store.auth)).json<{ items: Array<{ bonus?: boolean; voided?: boolean }> }>().items;
    expect(items.map((item) => [item.bonus ?? false, item.voided ?? false])).toEqual([[true, true], [false, true]]);
  });

  it('when the store voids a relayed code: its stamps and their bonus stamps go, and the whole cost comes back', async () => {
    await launchBonus({ budget: 10 });
    const token = dynamicToken(t, store.id);
    // Six phones on six networks scan one counter code: a code passed around, flagged for review.
    for (let i = 0; i < 6; i += 1) {
      t.clock.advance(1_000);
      expect((await scan(t, token, { remoteAddress: `10.${i + 1}.0.1` })).json<ScanResponse>().bonusStamps).toBe(1);
    }
    expect(await budgetRow()).toMatchObject({ budgetSpent: 3.6, bonusStamps: 6 });

    const response = await t.app.inject({ method: 'POST', url: `/api/qrcode/${store.id}/alerts/void`, headers: store.auth, payload: { code: token } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ voidedStamps: 12, cards: 6 });
    expect(await budgetRow()).toMatchObject({ budgetSpent: 0, budgetLeft: 10, bonusStamps: 0 });
  });

  it('when a wallet merge drops a duplicate stamp: its bonus goes with it and the cost comes back; a kept stamp keeps its bonus', async () => {
    await launchBonus({ budget: 10 });
    // The customer's wallet, with a confirmed address, collects one stamp (and its bonus) with a code…
    const owner = await newCustomer(t, store.id);
    await saveConfirmedEmail(t, owner, 'ana@example.com');
    t.clock.advance(11 * MINUTE);
    const code = dynamicToken(t, store.id);
    expect((await scan(t, code, { credential: owner })).json<ScanResponse>().bonusStamps).toBe(1);
    // …and an anonymous wallet on another phone the same code (a duplicate) and, later, a code of its own.
    const phone = (await scan(t, code, { remoteAddress: '10.8.0.1' })).json<ScanResponse>().credential as string;
    t.clock.advance(11 * MINUTE);
    expect((await scan(t, dynamicToken(t, store.id), { credential: phone, remoteAddress: '10.8.0.1' })).json<ScanResponse>().bonusStamps).toBe(1);
    expect(await budgetRow()).toMatchObject({ budgetSpent: 2.4, bonusStamps: 4 });

    const recover = await t.app.inject({ method: 'POST', url: '/api/customer/recover', payload: { email: 'ana@example.com' }, headers: { 'x-customer-key': phone }, remoteAddress: '198.51.100.7' });
    expect(recover.statusCode).toBe(202);
    const link = /\/wallet\/recover\/([A-Za-z0-9_-]{43})$/.exec(t.mailer.last()?.link ?? '')?.[1];
    const merged = await t.app.inject({ method: 'POST', url: `/api/customer/recover/${link}`, headers: { 'x-customer-key': phone }, remoteAddress: '198.51.100.8' });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().merged).toMatchObject({ stamps: 2, skippedStamps: 2 });
    expect(await budgetRow()).toMatchObject({ budgetSpent: 1.8, bonusStamps: 3 });
  });
});
