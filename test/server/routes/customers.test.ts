// The Customers page's API: keyset pages, sorts, the regulars and lapsed filters and the list's CSV
// export, each owner-only.
import type { CustomerListItem } from '../../../src/api/contract/customers';
import { localTime } from '../../../server/services/export/csv-export';
import { guestLabel } from '../../../server/services/activity';
import { resetTestApp, parseCsv, type TestApp } from '../helpers';
import { addCard, DAY, stampsFrom, type TestCard, type TestStore, buildHandoverTestApp, handOver, pendingClaim, rewardStore } from '../factories';

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

/** A card whose counters match its history, as stamping keeps them. */
async function visitor(name: string | null, firstVisit: number, visits: number, spacing = DAY): Promise<TestCard> {
  const card = await addCard(t, store.id, name, firstVisit);
  await stampsFrom(t, card, firstVisit, visits, spacing);
  await t.db.kysely.updateTable('stamp_cards').set({ visits }).where('id', '=', card.cardId).execute();
  return card;
}

function list(query = '', auth: Record<string, string> = store.auth, vendorId = store.id) {
  return t.app.inject({ method: 'GET', url: `/api/customers/${vendorId}${query}`, headers: auth });
}

describe('GET /api/customers/:vendorId', () => {
  it('lists each customer with visits, stamps, rewards given, first and last visit; anonymous ones by label', async () => {
    const now = t.clock.now();
    const ana = await visitor('Ana Lima', now - 10 * DAY, 3);
    const anon = await visitor(null, now - 5 * DAY, 1);
    const body = (await list()).json();
    expect(body.next).toBeNull();
    expect(body.items).toEqual([
      { key: expect.any(String), name: guestLabel(anon.customerId), visits: 1, stamps: 1, rewardsGiven: 0, firstVisit: now - 5 * DAY, lastVisit: now - 5 * DAY },
      { key: expect.any(String), name: 'Ana Lima', visits: 3, stamps: 3, rewardsGiven: 0, firstVisit: now - 10 * DAY, lastVisit: now - 8 * DAY },
    ]);
    expect(JSON.stringify(body)).not.toContain(ana.customerId);
  });

  it('pages with a keyset cursor through every customer once, in every sort order', async () => {
    const now = t.clock.now();
    for (let i = 0; i < 7; i += 1) await visitor(`C${i}`, now - (20 - i) * DAY, (i % 3) + 1, 1000);
    for (const sort of ['lastVisit', 'firstVisit', 'visits', 'stamps', 'rewardsGiven']) {
      for (const order of ['asc', 'desc']) {
        const seen: CustomerListItem[] = [];
        let after: string | null = null;
        do {
          const page: { items: CustomerListItem[]; next: string | null } = (await list(`?sort=${sort}&order=${order}&limit=3${after ? `&after=${after}` : ''}`)).json();
          seen.push(...page.items);
          after = page.next;
        } while (after);
        expect(seen.map((c) => c.name).sort()).toEqual(['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
        const key = sort === 'lastVisit' ? 'lastVisit' : sort === 'firstVisit' ? 'firstVisit' : sort;
        const values = seen.map((c) => Number(c[key as keyof CustomerListItem]));
        expect(values).toEqual([...values].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      }
    }
  });

  it('filters regulars (≥ N visits in 30 days) and lapsed (none in 30 days)', async () => {
    const now = t.clock.now();
    await visitor('Regular', now - 10 * DAY, 5, DAY);
    await visitor('Occasional', now - 3 * DAY, 2, DAY);
    await visitor('Gone', now - 60 * DAY, 9, DAY);
    // Five visits, but four of them more than 30 days ago.
    await visitor('Was regular', now - 34 * DAY, 5, DAY);
    const names = async (query: string) => (await list(query)).json().items.map((c: CustomerListItem) => c.name).sort();
    expect(await names('?filter=regulars')).toEqual(['Regular']);
    expect(await names('?filter=regulars&minVisits=2')).toEqual(['Occasional', 'Regular']);
    expect(await names('?filter=lapsed')).toEqual(['Gone']);
    expect(await names('')).toEqual(['Gone', 'Occasional', 'Regular', 'Was regular']);
  });

  it('counts rewards handed over', async () => {
    const claimed = await pendingClaim(t, store.id);
    await handOver(t, store, claimed.claimId);
    await pendingClaim(t, store.id);
    const counts = (await list('?sort=rewardsGiven')).json().items.map((c: CustomerListItem) => c.rewardsGiven);
    expect(counts).toEqual([1, 0]);
  });

  it('refuses a cursor of another sort order (400) and anyone but the owner (401/403)', async () => {
    for (let i = 0; i < 3; i += 1) await visitor(`C${i}`, t.clock.now() - i * DAY, 1);
    const next = (await list('?limit=1&sort=visits')).json().next as string;
    expect((await list(`?limit=1&sort=lastVisit&after=${next}`)).statusCode).toBe(400);
    expect((await list('?after=garbage')).statusCode).toBe(400);
    const other = await rewardStore(t, 'Other');
    expect((await list('', other.auth)).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('', other.auth, other.id)).json().items).toEqual([]);
  });
});

describe('GET /api/customers/:vendorId/export.csv', () => {
  it('exports every customer; awkward names round-trip and formulas are neutralised', async () => {
    const now = t.clock.now();
    await visitor('Lima, "Ana"\nSecond line', now - 2 * DAY, 2, 1000);
    await visitor('=cmd|calc', now - DAY, 1);
    const response = await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}/export.csv?utcOffset=60`, headers: store.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="stampwise-customers.csv"');
    expect(parseCsv(response.body)).toEqual([
      ['Customer', 'Visits', 'Stamps', 'Rewards given', 'First visit', 'Last visit'],
      ['Lima, "Ana"\nSecond line', '2', '2', '0', localTime(now - 2 * DAY, 60), localTime(now - 2 * DAY + 1000, 60)],
      ["'=cmd|calc", '1', '1', '0', localTime(now - DAY, 60), localTime(now - DAY, 60)],
    ]);
  });

  it("separates cells with ';' for a page in German or French (their Excel reads ',' as the decimal mark), as today in English", async () => {
    const now = t.clock.now();
    await visitor('Lima; Ana, Café', now - DAY, 1);
    const url = `/api/customers/${store.id}/export.csv?utcOffset=60`;
    const english = await t.app.inject({ method: 'GET', url, headers: { ...store.auth, 'accept-language': 'en' } });
    const german = await t.app.inject({ method: 'GET', url, headers: { ...store.auth, 'accept-language': 'de-AT' } });
    const french = await t.app.inject({ method: 'GET', url, headers: { ...store.auth, 'accept-language': 'fr-FR' } });
    expect(english.body.startsWith('\uFEFFCustomer,Visits,Stamps,Rewards given,First visit,Last visit\r\n')).toBe(true);
    expect(german.body.startsWith('\uFEFFCustomer;Visits;Stamps;Rewards given;First visit;Last visit\r\n')).toBe(true);
    expect(german.body).toContain('"Lima; Ana, Café";1;1;0;');
    expect(french.body).toBe(german.body);
    expect(parseCsv(german.body, ';')).toEqual(parseCsv(english.body));
  });

  it("separates cells with ',' for a Mexican page (es-MX writes a decimal point) and with ';' for Spain's", async () => {
    const now = t.clock.now();
    await visitor('Ramírez, Ana', now - DAY, 1);
    const url = `/api/customers/${store.id}/export.csv?utcOffset=-360`;
    const mexico = await t.app.inject({ method: 'GET', url, headers: { ...store.auth, 'accept-language': 'es-MX' } });
    const spain = await t.app.inject({ method: 'GET', url, headers: { ...store.auth, 'accept-language': 'es-ES' } });
    expect(mexico.body.startsWith('\uFEFFCustomer,Visits,Stamps,Rewards given,First visit,Last visit\r\n')).toBe(true);
    expect(spain.body.startsWith('\uFEFFCustomer;Visits;Stamps;Rewards given;First visit;Last visit\r\n')).toBe(true);
    expect(parseCsv(mexico.body)).toEqual(parseCsv(spain.body, ';'));
  });

  it('is owner-only', async () => {
    const other = await rewardStore(t, 'Other');
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}/export.csv`, headers: other.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}/export.csv` })).statusCode).toBe(401);
  });
});
