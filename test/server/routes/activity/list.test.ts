// GET /api/activity/{vendorId}: the Reward Activity list — owner-only, validated paging, stamps and claims
// newest first with customer labels, card counts and rewards, as the real scan and claim produce them.
import type { ActivityItem, ActivityPage, DashboardResponse } from '../../../../src/api/contract/activity';
import {
  asCustomer,
  createStore,
  dynamicToken,
  newCustomer,
  scan,
  setReward,
  type TestStore,
  addCard,
  claimAt,
  DAY,
  getActivity,
  HOUR,
  stampsFrom,
} from '../../factories';
import { resetTestApp, buildTestApp, type TestApp } from '../../helpers';

let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  // No cooldown: the tests stamp one card several times in a row through the real scan.
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } as never });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 5, item: 'Flat White' });
});

describe('GET /api/activity/:vendorId', () => {
  it('answers 401 without a session and 403 for another vendor, changing nothing', async () => {
    expect((await getActivity(t, store.id, {})).statusCode).toBe(401);
    const other = await createStore(t, { company: 'Other Café' });
    const response = await getActivity(t, store.id, other.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it.each([
    ['?pageSize=0', 'pageSize'],
    ['?pageSize=101', 'pageSize'],
    ['?pageSize=ten', 'pageSize'],
    ['?page=0', 'page'],
    ['?page=-3', 'page'],
    ['?page=1.5', 'page'],
    ['?page=2147483648', 'page'],
    ['?skip=401&before=1_x', 'skip'],
    ['?skip=-1&before=1_x', 'skip'],
    ['?after=abc', 'after'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const response = await getActivity(t, store.id, store.auth, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(expect.stringContaining(field));
  });

  it('answers an empty first page (20 per page by default) for a store with no activity', async () => {
    const response = await getActivity(t, store.id, store.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ items: [], page: 1, pageSize: 20, total: 0, totalIsCapped: false, hasMore: false });
  });

  it('lists real scans and claims newest first, with the card count after each stamp', async () => {
    const credential = await newCustomer(t, store.id); // stamp 1
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(60_000);
      expect((await scan(t, dynamicToken(t, store.id), { credential })).statusCode).toBe(200);
    }
    t.clock.advance(60_000);
    const cards = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
    const cardId = cards.json().cards[0].id as string;
    const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${cardId}/claim`, headers: asCustomer(credential) });
    expect(claim.statusCode).toBe(200);
    t.clock.advance(60_000);
    await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(credential), payload: { displayName: 'Ana' } });
    expect((await scan(t, dynamicToken(t, store.id), { credential })).statusCode).toBe(200);

    const body = (await getActivity(t, store.id, store.auth)).json<ActivityPage>();
    expect(body.total).toBe(7);
    expect(body.hasMore).toBe(false);
    const lines = body.items.map(({ type, customer, stamps, required, reward }) => ({ type, customer, stamps, required, reward }));
    // The name chosen later shows on every line: the list reads the customer as they are now.
    expect(lines).toEqual([
      { type: 'stamp', customer: 'Ana', stamps: 1, required: 5, reward: 'Flat White' },
      { type: 'redemption', customer: 'Ana', stamps: undefined, required: 5, reward: 'Flat White' },
      { type: 'stamp', customer: 'Ana', stamps: 5, required: 5, reward: 'Flat White' },
      { type: 'stamp', customer: 'Ana', stamps: 4, required: 5, reward: 'Flat White' },
      { type: 'stamp', customer: 'Ana', stamps: 3, required: 5, reward: 'Flat White' },
      { type: 'stamp', customer: 'Ana', stamps: 2, required: 5, reward: 'Flat White' },
      { type: 'stamp', customer: 'Ana', stamps: 1, required: 5, reward: 'Flat White' },
    ]);
    const dates = body.items.map((item) => item.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('one label per customer everywhere — activity, dashboard and feed read "Customer #2, 3rd visit"', async () => {
    await newCustomer(t, store.id);
    const second = await newCustomer(t, store.id);
    // A visit is a day with a stamp: the second customer comes back on two more days.
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(DAY);
      expect((await scan(t, dynamicToken(t, store.id), { credential: second })).statusCode).toBe(200);
    }

    const items = (await getActivity(t, store.id, store.auth)).json<ActivityPage>().items;
    // The test clock stands still, so the order of equal times is the database's: compare as sets.
    expect(items.map((item) => item.customer).sort()).toEqual(['Customer #1, 1st visit', 'Customer #2, 1st visit', 'Customer #2, 2nd visit', 'Customer #2, 3rd visit']);

    const dashboard = (await t.app.inject({ method: 'GET', url: `/api/dashboard/${store.id}`, headers: store.auth })).json<DashboardResponse>();
    expect(dashboard.recent.map((item) => item.customer)).toContain('Customer #2, 3rd visit');
    // The engaged list counts stamps beside the name, so the visit is left out there.
    expect(dashboard.engagedCustomers.map((c) => [c.name, c.initials, c.stamps])).toEqual([
      ['Customer #2', 'C2', 3],
      ['Customer #1', 'C1', 1],
    ]);

    // A name the customer gives replaces the number everywhere.
    await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(second), payload: { displayName: 'Ana' } });
    const renamed = (await getActivity(t, store.id, store.auth)).json<ActivityPage>().items.map((item) => item.customer);
    expect(renamed.sort()).toEqual(['Ana', 'Ana', 'Ana', 'Customer #1, 1st visit']);
  });

  it('names an anonymous customer in the page’s language: French activity and dashboard, Spanish customer list', async () => {
    await newCustomer(t, store.id);
    const second = await newCustomer(t, store.id);
    // A visit is a day with a stamp: the second customer comes back on two more days.
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(DAY);
      expect((await scan(t, dynamicToken(t, store.id), { credential: second })).statusCode).toBe(200);
    }
    const french = { ...store.auth, 'accept-language': 'fr-FR,fr;q=0.9' };

    const items = (await getActivity(t, store.id, french)).json<ActivityPage>().items;
    expect(items.map((item) => item.customer).sort()).toEqual(['Client nº 1, 1re visite', 'Client nº 2, 1re visite', 'Client nº 2, 2e visite', 'Client nº 2, 3e visite']);
    const dashboard = (await t.app.inject({ method: 'GET', url: `/api/dashboard/${store.id}`, headers: french })).json<DashboardResponse>();
    expect(dashboard.engagedCustomers.map((c) => c.name)).toEqual(['Client nº 2', 'Client nº 1']);

    const spanish = await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}`, headers: { ...store.auth, 'accept-language': 'es' } });
    expect(spanish.json<{ items: { name: string }[] }>().items.map((c) => c.name).sort()).toEqual(['Cliente n.º 1', 'Cliente n.º 2']);
  });

  it("shows a customer without a name as 'Customer #N, 1st visit' (their number at this store), never their id", async () => {
    const credential = await newCustomer(t, store.id);
    const [item] = (await getActivity(t, store.id, store.auth)).json<ActivityPage>().items;
    expect(item.customer).toBe('Customer #1, 1st visit');
    const profile = await t.db.kysely.selectFrom('customers').select('id').executeTakeFirstOrThrow();
    expect(JSON.stringify(item)).not.toContain(profile.id);
    expect(credential).not.toBe('');
  });

  it("keeps a claim's reward as it read when claimed", async () => {
    const card = await addCard(t, store.id, 'Cara');
    await stampsFrom(t, card, t.clock.now() - 10 * DAY, 5, HOUR);
    await claimAt(t, card, t.clock.now() - 9 * DAY, 5, 'Croissant');
    const [claim] = (await getActivity(t, store.id, store.auth)).json<ActivityPage>().items;
    expect(claim).toEqual({ id: expect.any(String), type: 'redemption', customer: 'Cara', date: t.clock.now() - 9 * DAY, reward: 'Croissant', required: 5, status: 'given', code: null, givenAt: null, expiresAt: null });
  });

  it('pages through everything once, with totals and hasMore, and only the own store', async () => {
    const ana = await addCard(t, store.id, 'Ana');
    await stampsFrom(t, ana, t.clock.now() - 3 * DAY, 10, HOUR);
    await claimAt(t, ana, t.clock.now() - 2 * DAY, 5);
    // Two events in the same millisecond: the id breaks the tie, so paging neither skips nor repeats.
    const ben = await addCard(t, store.id, 'Ben');
    await stampsFrom(t, ben, t.clock.now() - 3 * DAY, 1, 0);
    const other = await createStore(t, { company: 'Other Café' });
    const stranger = await addCard(t, other.id, 'Not ours');
    await stampsFrom(t, stranger, t.clock.now() - DAY, 3, HOUR);

    const seen: ActivityItem[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const body = (await getActivity(t, store.id, store.auth, `?page=${page}&pageSize=5`)).json<ActivityPage>();
      expect(body).toMatchObject({ page, pageSize: 5, total: 12, totalIsCapped: false, hasMore: page < 3 });
      seen.push(...body.items);
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen.map((item) => item.id)).size).toBe(12);
    expect(seen.some((item) => item.customer === 'Not ours')).toBe(false);
    const dates = seen.map((item) => item.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const past = (await getActivity(t, store.id, store.auth, '?page=4&pageSize=5')).json<ActivityPage>();
    expect(past).toMatchObject({ items: [], hasMore: false, total: 12 });
  });
});
