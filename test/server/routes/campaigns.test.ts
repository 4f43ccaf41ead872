// /api/campaigns/:vendorId: campaigns are saved with every field checked, listed with where they stand,
// paused, resumed and ended; the audience counts follow customers' visits of the last 30 days.
import type { CampaignInput, CampaignRow } from '../../../src/api/contract/campaigns';
import { resetTestApp, buildTestApp, type TestApp } from '../helpers';
import { addCard, createStore, stampAt, type TestStore } from '../factories';

const DAY = 86_400_000;
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
  store = await createStore(t, { company: 'Campaign Corner' });
});

function campaign(overrides: Partial<CampaignInput> = {}): CampaignInput {
  const now = t.clock.now();
  return {
    campaignTitle: 'Winter Warmer Week',
    campaignDescription: 'A free pastry with every large coffee.',
    targetAudience: 'weekly',
    startDateTime: new Date(now + DAY).toISOString(),
    endDateTime: new Date(now + 8 * DAY).toISOString(),
    promotionType: 'discount',
    itemsToPromote: ['Coffee', 'Pastry'],
    notificationFrequency: 'once',
    abTesting: false,
    budget: 50,
    ...overrides,
  };
}

const launch = (body: unknown, auth = store.auth, vendorId = store.id) =>
  t.app.inject({ method: 'POST', url: `/api/campaigns/${vendorId}`, headers: auth, payload: body as object });
const list = async (): Promise<CampaignRow[]> => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}`, headers: store.auth })).json<{ campaigns: CampaignRow[] }>().campaigns;
const act = (id: string, action: string, vendorId = store.id, auth = store.auth) =>
  t.app.inject({ method: 'POST', url: `/api/campaigns/${vendorId}/${id}/${action}`, headers: auth });

describe('POST /api/campaigns/:vendorId', () => {
  it('saves the campaign the form submits and lists it as scheduled until it starts', async () => {
    const response = await launch(campaign());
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(await list()).toEqual([{ ...campaign(), id, status: 'scheduled', notifications: 0, delivery: { sent: 0, waiting: 0, failed: 0 }, createdAt: t.clock.now() }]);
    t.clock.advance(DAY);
    expect((await list())[0].status).toBe('active');
  });

  it.each([
    ['an end before the start', { endDateTime: new Date(Date.UTC(2026, 0, 1)).toISOString(), startDateTime: new Date(Date.UTC(2026, 0, 2)).toISOString() }, 'endDateTime'],
    ['no items', { itemsToPromote: [] }, 'itemsToPromote'],
    ['only blank items', { itemsToPromote: ['  '] }, 'itemsToPromote'],
    ['a budget above 200', { budget: 201 }, 'budget'],
    ['a negative budget', { budget: -1 }, 'budget'],
    ['a blank title', { campaignTitle: '   ' }, 'campaignTitle'],
    ['an unknown customer frequency', { targetAudience: 'hourly' }, 'targetAudience'],
    ['a start that is no date', { startDateTime: 'next Tuesday' }, 'startDateTime'],
    // 9999-12-31 at UTC−14 is UTC's year 10000: the answers would write it "+010000-…", which no client reads.
    ['an end past the year 9999 in UTC', { startDateTime: '9999-12-31T00:00:00Z', endDateTime: '9999-12-31T23:00:00-14:00' }, 'endDateTime'],
    ['a start past the year 9999 in UTC', { startDateTime: '9999-12-31T22:00:00-14:00', endDateTime: '9999-12-31T23:00:00-14:00' }, 'startDateTime'],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_what, overrides, field) => {
    const response = await launch({ ...campaign(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
    expect(await list()).toEqual([]);
  });

  it.each([
    ['VND', 2_000_000, 2_000_001],
    ['KRW', 200_000, 200_001],
    ['JPY', 20_000, 20_001],
    ['EUR', 200, 201],
  ])("a %s store's budget goes up to %p of its currency, and no further", async (currency, most, tooMuch) => {
    await t.db.kysely.updateTable('vendors').set({ currency }).where('id', '=', store.id).execute();
    const refused = await launch(campaign({ budget: tooMuch }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [{ field: 'budget', message: `must be at most ${most}` }] });
    expect((await launch(campaign({ budget: most }))).statusCode).toBe(201);
    expect((await list()).map((row) => row.budget)).toEqual([most]);
  });

  it('a campaign in the last days of the year 9999 is saved and listed with the dates it was given', async () => {
    const response = await launch(campaign({ startDateTime: '9999-12-30T00:00:00Z', endDateTime: '9999-12-31T23:59:59-00:00' }));
    expect(response.statusCode).toBe(201);
    expect(await list()).toEqual([expect.objectContaining({ startDateTime: '9999-12-30T00:00:00.000Z', endDateTime: '9999-12-31T23:59:59.000Z', status: 'scheduled' })]);
  });

  it('refuses an end before the start even when both are in the future', async () => {
    const now = t.clock.now();
    const response = await launch(campaign({ startDateTime: new Date(now + 5 * DAY).toISOString(), endDateTime: new Date(now + 2 * DAY).toISOString() }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ field: 'endDateTime', message: 'must be after the start' }] });
  });

  it("refuses another store's campaigns and a request without a session", async () => {
    const other = await createStore(t, { company: 'Other Beans' });
    expect((await launch(campaign(), other.auth)).statusCode).toBe(403);
    expect((await launch(campaign(), {} as typeof store.auth)).statusCode).toBe(401);
    expect(await list()).toEqual([]);
  });
});

describe('pause, resume and end', () => {
  it('pauses, resumes and ends a campaign; an ended one answers 409 and stays ended', async () => {
    const { id } = (await launch(campaign({ startDateTime: new Date(t.clock.now()).toISOString() }))).json<{ id: string }>();
    expect((await act(id, 'pause')).json()).toMatchObject({ id, status: 'paused' });
    expect((await act(id, 'resume')).json()).toMatchObject({ id, status: 'active' });
    expect((await act(id, 'end')).json()).toMatchObject({ id, status: 'ended' });
    expect((await act(id, 'resume')).statusCode).toBe(409);
    expect((await act(id, 'end')).statusCode).toBe(409);
    expect((await list())[0].status).toBe('ended');
  });

  it("answers 404 for an unknown campaign and for another store's", async () => {
    const other = await createStore(t, { company: 'Other Beans' });
    const { id } = (await launch(campaign(), other.auth, other.id)).json<{ id: string }>();
    expect((await act(id, 'pause')).statusCode).toBe(404);
    expect((await act('no-such-campaign', 'pause')).statusCode).toBe(404);
    expect((await act(id, 'pause', other.id)).statusCode).toBe(403);
  });
});

describe('GET /api/campaigns/:vendorId/audience', () => {
  it('counts daily (visits on 10+ days of the last 30), weekly (3+ days), monthly (1+) and all customers', async () => {
    const now = t.clock.now();
    const daily = await addCard(t, store.id, 'Daily Dana');
    for (let day = 1; day <= 10; day += 1) await stampAt(t, daily, now - day * DAY);
    const weekly = await addCard(t, store.id, 'Weekly Wes');
    for (let visit = 0; visit < 3; visit += 1) await stampAt(t, weekly, now - (visit + 1) * DAY);
    const monthly = await addCard(t, store.id, 'Monthly Mo');
    await stampAt(t, monthly, now - 20 * DAY);
    const lapsed = await addCard(t, store.id, 'Lapsed Lou');
    await stampAt(t, lapsed, now - 45 * DAY);
    await addCard(t, (await createStore(t, { company: 'Elsewhere' })).id, 'Not ours');

    const response = await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/audience`, headers: store.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ daily: 1, weekly: 2, monthly: 3, all: 4 });
  });
});
