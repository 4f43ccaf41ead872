// GET /api/customers/:vendorId/search: the top bar's search for a customer of the signed-in store —
// by name, e-mail or number, only that store's, limited and rate-limited.
import { resetTestApp, type TestApp } from '../helpers';
import { addCard, buildHandoverTestApp, createStore, rewardStore, stampAt, type TestCard, type TestStore } from '../factories';
import { SEARCHES_PER_MINUTE } from '../../../server/routes/customers';
import { CUSTOMER_SEARCH_RESULTS } from '../../../src/api/contract/limits';

let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  t = await buildHandoverTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await rewardStore(t);
});

/** A customer who visited the store once; their e-mail and number at the store as given. */
async function visitor(name: string | null, options: { email?: string; number?: number; vendorId?: string } = {}): Promise<TestCard> {
  t.clock.advance(1000);
  const card = await addCard(t, options.vendorId ?? store.id, name);
  await stampAt(t, card, t.clock.now());
  if (options.email) await t.db.kysely.updateTable('customers').set({ email: options.email, email_normalized: options.email.toLowerCase() }).where('id', '=', card.customerId).execute();
  if (options.number) await t.db.kysely.updateTable('stamp_cards').set({ customer_number: options.number }).where('id', '=', card.cardId).execute();
  return card;
}

const search = (q: string, auth: Record<string, string> = store.auth, vendorId = store.id, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `/api/customers/${vendorId}/search?q=${encodeURIComponent(q)}`, headers: auth, remoteAddress });

const names = async (q: string) => (await search(q)).json().customers.map((c: { name: string }) => c.name);

describe('GET /api/customers/:vendorId/search', () => {
  it('finds customers by part of their name or e-mail, in any case, latest visit first', async () => {
    await visitor('Ana Lima', { email: 'ana@example.test' });
    await visitor('Bruno Costa', { email: 'bruno.ana@example.test' });
    await visitor('Carla Dias');
    expect(await names('ana')).toEqual(['Bruno Costa', 'Ana Lima']);
    expect(await names('COSTA')).toEqual(['Bruno Costa']);
    expect(await names('bruno.ana@')).toEqual(['Bruno Costa']);
    const [hit] = (await search('carla')).json().customers;
    expect(hit).toEqual({ key: expect.stringMatching(/^[0-9a-f]{16}$/), name: 'Carla Dias', email: null, visits: expect.any(Number), stamps: expect.any(Number), lastVisit: expect.any(Number) });
  });

  it('finds an anonymous customer by the label the store knows them by ("Customer #27")', async () => {
    await visitor(null, { number: 27 });
    await visitor(null, { number: 3 });
    for (const q of ['#27', 'Customer #27', 'customer 27', '27']) expect(await names(q)).toEqual(['Customer #27']);
  });

  it('takes % and _ literally, answers at most the limit, and only this store\'s customers', async () => {
    await visitor('100% Ana');
    await visitor('Ana_B');
    expect(await names('%')).toEqual(['100% Ana']);
    expect(await names('_')).toEqual(['Ana_B']);
    for (let i = 0; i < CUSTOMER_SEARCH_RESULTS + 2; i += 1) await visitor(`Regular ${i}`);
    expect(await names('regular')).toHaveLength(CUSTOMER_SEARCH_RESULTS);
    const other = await createStore(t, { company: 'Other Roasters' });
    await visitor('Zed Other', { vendorId: other.id });
    expect(await names('zed')).toEqual([]);
  });

  it("answers 401 without a session and 403 for another store's customers", async () => {
    await visitor('Ana Lima');
    const other = await createStore(t, { company: 'Other Roasters' });
    expect((await search('ana', {})).statusCode).toBe(401);
    expect((await search('ana', other.auth)).statusCode).toBe(403);
  });

  it('refuses an empty or too long text (400)', async () => {
    expect((await search('')).statusCode).toBe(400);
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
  });

  it(`is rate-limited: ${SEARCHES_PER_MINUTE} a minute, then 429`, async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 1) expect((await search('a', store.auth, store.id, address)).statusCode).toBe(200);
    expect((await search('a', store.auth, store.id, address)).statusCode).toBe(429);
  });
});
