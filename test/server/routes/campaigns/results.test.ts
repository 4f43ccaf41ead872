// GET /api/campaigns/:vendorId/:id/results: return visits per day since the start for the messaged and
// held-out halves (A/B testing) or against the audience's own previous 30 days, and the result.
import type { CampaignInput, CampaignResults } from '../../../../src/api/contract/campaigns';
import { isHeldOut } from '../../../../server/services/campaign-split';
import { resetTestApp, buildTestApp, type TestApp } from '../../helpers';
import { addCard, addTeamMember, campaignInput, createStore, DAY, HOUR, launchCampaign, MINUTE, stampAt, stampRowsAt, type TestCard, type TestStore } from '../../factories';

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
  store = await createStore(t, { company: 'Result Roasters' });
});

async function launch(overrides: Partial<CampaignInput>): Promise<{ id: string; start: number }> {
  const start = t.clock.now() + MINUTE;
  const id = await launchCampaign(t, store, campaignInput(t, {
    campaignTitle: 'Come back Tuesday',
    campaignDescription: 'A pastry with your coffee.',
    startDateTime: new Date(start).toISOString(),
    endDateTime: new Date(start + 14 * DAY).toISOString(),
    itemsToPromote: ['Pastry'],
    abTesting: true,
    ...overrides,
  }));
  return { id, start };
}

async function results(campaignId: string, auth: Record<string, string> = store.auth) {
  return t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/${campaignId}/results`, headers: auth });
}

async function cards(count: number): Promise<TestCard[]> {
  const made: TestCard[] = [];
  for (let i = 0; i < count; i += 1) made.push(await addCard(t, store.id, `Guest ${i}`));
  return made;
}

describe('GET /api/campaigns/:vendorId/:id/results', () => {
  it('with A/B testing: visits per day for each half and the difference per 100 customers with its interval', async () => {
    const audience = await cards(100);
    const { id, start } = await launch({ abTesting: true });
    const messaged = audience.filter((card) => !isHeldOut(id, card.customerId));
    const heldOut = audience.filter((card) => isHeldOut(id, card.customerId));
    // Every messaged customer comes back on the first day; a held-out one only every fifth, on the second day.
    for (const card of messaged) await stampAt(t, card, start + HOUR);
    const heldOutReturning = heldOut.filter((_, i) => i % 5 === 0);
    for (const card of heldOutReturning) await stampAt(t, card, start + DAY + HOUR);
    t.clock.set(start + 2 * DAY + HOUR);

    const response = await results(id);
    expect(response.statusCode).toBe(200);
    const body = response.json<CampaignResults>();
    expect(body).toMatchObject({ mode: 'ab', messaged: messaged.length, heldOut: heldOut.length, fullDays: 2, minimumGroup: 30 });
    // Days of a store without a time zone are UTC days; the launch day counts from the launch.
    expect(body.days).toEqual([
      { at: start, date: '2026-11-22', messaged: messaged.length, heldOut: 0 },
      { at: Date.parse('2026-11-23T00:00:00Z'), date: '2026-11-23', messaged: 0, heldOut: heldOutReturning.length },
      { at: Date.parse('2026-11-24T00:00:00Z'), date: '2026-11-24', messaged: 0, heldOut: 0 },
    ]);
    const p = heldOutReturning.length / heldOut.length;
    const margin = 1.959964 * Math.sqrt((p * (1 - p) * heldOut.length) / (heldOut.length - 1) / heldOut.length);
    expect(body.effect!.estimate).toBeCloseTo(100 * (1 - p), 6);
    expect(body.effect!.low).toBeCloseTo(100 * (1 - p - margin), 3);
    expect(body.effect!.high).toBeCloseTo(100 * (1 - p + margin), 3);
  });

  it('is too early to tell before a full day has passed, or with fewer than 30 customers in a half', async () => {
    const audience = await cards(20);
    const { id, start } = await launch({ abTesting: true });
    for (const card of audience) await stampAt(t, card, start + HOUR);
    t.clock.set(start + 3 * DAY);
    const body = (await results(id)).json<CampaignResults>();
    expect(body.effect).toBeUndefined();
    expect(body.messaged + body.heldOut).toBe(20);
  });

  it('without A/B testing: the audience against its own previous 30 days, per 100 customers per day', async () => {
    const audience = await cards(40);
    // Each came once in the 30 days before (monthly visitors), and each comes once on the first day.
    for (const card of audience) await stampAt(t, card, t.clock.now() - 10 * DAY);
    const outsider = (await cards(1))[0];
    const { id, start } = await launch({ abTesting: false, targetAudience: 'monthly' });
    for (const card of audience) await stampAt(t, card, start + HOUR);
    await stampAt(t, outsider, start + HOUR);
    t.clock.set(start + DAY + HOUR);

    const body = (await results(id)).json<CampaignResults>();
    expect(body).toMatchObject({ mode: 'before-after', messaged: 40, heldOut: 0, fullDays: 1 });
    expect(body.baselinePerDay).toBeCloseTo(40 / 30, 10);
    expect(body.days).toEqual([{ at: start, date: '2026-11-22', messaged: 40 }, { at: Date.parse('2026-11-23T00:00:00Z'), date: '2026-11-23', messaged: 0 }]);
    // 1 visit a day against 1 in 30 days, for every customer alike (no spread).
    expect(body.effect).toEqual({ estimate: expect.closeTo(100 * (1 - 1 / 30), 6), low: expect.closeTo(100 * (1 - 1 / 30), 6), high: expect.closeTo(100 * (1 - 1 / 30), 6) });
  });

  it('counts the audience the form counted and the plan messaged: no bonus stamps as visits, no deleted wallets', async () => {
    const [regular, bonusOnly, gone] = await cards(3);
    const now = t.clock.now();
    for (const card of [regular, gone]) await stampRowsAt(t, card, [now - 5 * DAY, now - 3 * DAY, now - DAY]);
    // Two visits, each doubled by a bonus stamp: four stamps, but two visits, so not weekly.
    await stampRowsAt(t, bonusOnly, [now - 3 * DAY, now - DAY]);
    const earlier = await launch({ promotionType: 'bonus-stamps', abTesting: false, campaignTitle: 'Double stamps' });
    await stampRowsAt(t, bonusOnly, [now - 3 * DAY, now - DAY], { bonusCampaignId: earlier.id });
    await t.db.kysely.updateTable('customers').set({ deleted_at: now }).where('id', '=', gone.customerId).execute();

    const { id } = await launch({ targetAudience: 'weekly', abTesting: false });
    t.clock.advance(DAY);
    expect((await results(id)).json<CampaignResults>()).toMatchObject({ mode: 'before-after', messaged: 1 });
  });

  it('counts visits as store days: one scan of 3 items (per-item mode) is one visit, so that customer is no weekly visitor, and 3 scans on one day are one return visit', async () => {
    const [regular, oneScan] = await cards(2);
    const now = t.clock.now();
    await stampRowsAt(t, regular, [now - 5 * DAY, now - 3 * DAY, now - DAY]);
    // One scan for 3 items: 3 stamps in the same millisecond.
    await stampRowsAt(t, oneScan, [now - DAY, now - DAY, now - DAY]);

    const { id, start } = await launch({ targetAudience: 'weekly', abTesting: false });
    // Three scans on the launch day, and one the next day.
    for (const hours of [1, 3, 5]) await stampAt(t, regular, start + hours * HOUR);
    await stampAt(t, regular, start + DAY + HOUR);
    t.clock.set(start + 2 * DAY + HOUR);

    const body = (await results(id)).json<CampaignResults>();
    expect(body).toMatchObject({ mode: 'before-after', messaged: 1, fullDays: 2 });
    expect(body.days.map((day) => day.messaged)).toEqual([1, 1, 0]);
    // Their 3 visits of the 30 days before, a visit per day.
    expect(body.baselinePerDay).toBeCloseTo(3 / 30, 10);
  });

  it('for all customers, counts the card holders the plan messages: not a customer who deleted their wallet', async () => {
    const [kept, gone] = await cards(2);
    await t.db.kysely.updateTable('customers').set({ deleted_at: t.clock.now() }).where('id', '=', gone.customerId).execute();
    const { id, start } = await launch({ targetAudience: 'all', abTesting: false });
    await stampAt(t, kept, start + HOUR);
    t.clock.set(start + DAY + HOUR);

    expect((await results(id)).json<CampaignResults>()).toMatchObject({ mode: 'before-after', messaged: 1 });
  });

  it('answers 404 for another store\'s campaign and refuses staff', async () => {
    const { id } = await launch({});
    const other = await createStore(t, { company: 'Elsewhere' });
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${other.id}/${id}/results`, headers: other.auth })).statusCode).toBe(404);
    const staff = await addTeamMember(t, store.id, 'staff');
    expect((await results(id, staff.auth)).statusCode).toBe(403);
  });
});
