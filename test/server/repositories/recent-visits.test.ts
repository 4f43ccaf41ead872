// Each card keeps its latest visit times (repositories/recent-visits.ts), which the Customers
// page's regulars filter reads instead of counting events. Stamps, voids, claims, expiries,
// wallet deletion and wallet merges keep them right; both ways of reading a filtered page (walk the sort
// index, gather the filter's range) give the pages counting the events would — on SQLite and PostgreSQL.
import { Migrator, type MigrationProvider } from 'kysely';
import type { CustomerListFilter, CustomerListSort, SortOrder } from '../../../src/api/contract/customers';
import { REGULAR_WINDOW_DAYS } from '../../../src/api/contract/limits';
import { migrateToLatest, openDb, type Db } from '../../../server/db';
import { migrationsFor } from '../../../server/db/migrations';
import { listCustomerRows, sortValue, type CustomerListRow, type ListPlan, type ListPosition } from '../../../server/repositories/customer-list';
import { RECENT_VISITS_KEPT, recentVisitColumn, refreshStoreVisits } from '../../../server/repositories/recent-visits';
import { recountCardVisits } from '../../../server/services/card-visits';
import type { TestApp } from '../helpers';
import {
  addCard,
  DAY,
  stampAt,
  asCustomer,
  buildCustomerTestApp,
  createStore,
  dynamicToken,
  scan,
  setReward,
  type TestStore,
  claim,
  customerWithStamps,
  MINUTE,
  rewardStore,
} from '../factories';

let t: TestApp;
let store: TestStore;
let built: TestApp | undefined;

async function build(config?: Parameters<typeof buildCustomerTestApp>[0]): Promise<TestApp> {
  built = await buildCustomerTestApp(config);
  return built;
}

afterEach(async () => {
  // Not every test builds an app: close only the one this test built.
  await built?.close();
  built = undefined;
});

const WINDOW = REGULAR_WINDOW_DAYS * DAY;
const COLUMNS = Array.from({ length: RECENT_VISITS_KEPT }, (_, i) => recentVisitColumn(i + 1));

/** The card's kept visit times, latest first (nulls past its visits). */
async function keptVisits(cardId: string): Promise<(number | null)[]> {
  const row = await t.db.kysely.selectFrom('stamp_cards').select(COLUMNS).where('id', '=', cardId).executeTakeFirstOrThrow();
  return COLUMNS.map((c) => (row[c] === null ? null : Number(row[c])));
}

/** The card's visits as the events say: the latest stamp (not voided, no bonus) of each UTC day with one, latest first. */
async function visitsFromEvents(cardId: string): Promise<number[]> {
  const rows = await t.db.kysely.selectFrom('stamp_events').select('created_at').where('card_id', '=', cardId).where('voided_at', 'is', null).where('bonus_campaign_id', 'is', null).orderBy('created_at', 'desc').execute();
  const latestOfDay = new Map<number, number>();
  for (const { created_at } of rows) {
    const day = Math.floor(Number(created_at) / DAY);
    if (!latestOfDay.has(day)) latestOfDay.set(day, Number(created_at));
  }
  return [...latestOfDay.values()];
}

/** A customer who scans once a day on `days` days (the last today); answers their credential and card. */
async function customerOnDays(days: number): Promise<{ credential: string; cardId: string }> {
  let credential: string | undefined;
  let cardId = '';
  for (let i = 0; i < days; i += 1) {
    if (i > 0) t.clock.advance(DAY);
    const response = await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: '10.9.0.1' });
    expect(response.statusCode).toBe(200);
    credential ??= response.json().credential as string;
    cardId = response.json().card.id as string;
  }
  return { credential: credential as string, cardId };
}

function padded(times: number[]): (number | null)[] {
  return COLUMNS.map((_, i) => times[i] ?? null);
}

function listNames(query: string, s: TestStore = store): Promise<string[]> {
  return t.app.inject({ method: 'GET', url: `/api/customers/${s.id}${query}`, headers: s.auth }).then((r) => r.json().items.map((c: { name: string }) => c.name).sort());
}

describe('the latest visits a card keeps', () => {
  it('moves along with the first stamp of each day; a claim and its expiry leave them as they are', async () => {
    // The vendor's session lasts the ten days.
    t = await build({ stampCooldownMinutes: 0, sessionTtlHours: 24 * 30 });
    store = await rewardStore(t);
    const who = await customerOnDays(10);
    const expected = await visitsFromEvents(who.cardId);
    expect(expected).toHaveLength(10);
    expect(await keptVisits(who.cardId)).toEqual(padded(expected));

    const claimed = await claim(t, who);
    expect(claimed.statusCode).toBe(200);
    t.clock.advance(31 * MINUTE);
    // Reading the claim after its deadline expires it: its stamps go back on the card, no visit changes.
    await t.app.inject({ method: 'GET', url: `/api/customer/claims/${claimed.json().redemption.id}`, headers: asCustomer(who.credential) });
    const card = await t.db.kysely.selectFrom('stamp_cards').select(['stamps', 'visits']).where('id', '=', who.cardId).executeTakeFirstOrThrow();
    expect(Number(card.stamps)).toBe(10);
    expect(await keptVisits(who.cardId)).toEqual(padded(expected));
    expect(await listNames(`?filter=regulars&minVisits=${RECENT_VISITS_KEPT}`)).toHaveLength(1);
    expect(await listNames('?filter=regulars&minVisits=10')).toHaveLength(1);
    expect(await listNames('?filter=regulars&minVisits=11')).toEqual([]);
  });

  it('drop a voided stamp: the customer is a regular no more', async () => {
    const relay = { codeBudgetFloor: 10, flyerBudgetFloor: 25, paceFactor: 2, networksPerCode: 4, deviceStores: 3, deviceWindowMinutes: 10 };
    t = await build({ stampCooldownMinutes: 0, relay });
    store = await createStore(t, { company: 'Relay Roasters' });
    await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
    // Six new phones on one counter code, each from its own network: the code is flagged as relayed.
    const relayed = dynamicToken(t, store.id);
    const credentials: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      t.clock.advance(1_000);
      credentials.push((await scan(t, relayed, { remoteAddress: `10.${i + 1}.0.1` })).json().credential);
    }
    // The first phone comes back three times on honest codes: four visits in the window.
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(DAY);
      expect((await scan(t, dynamicToken(t, store.id), { credential: credentials[0], remoteAddress: '10.1.0.1' })).statusCode).toBe(200);
    }
    const cardId = (await t.db.kysely.selectFrom('stamp_cards').select('id').where('visits', '=', 4).executeTakeFirstOrThrow()).id;
    expect(await listNames('?filter=regulars&minVisits=4')).toHaveLength(1);

    const voided = await t.app.inject({ method: 'POST', url: `/api/qrcode/${store.id}/alerts/void`, headers: store.auth, payload: { code: relayed } });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().voidedStamps).toBe(6);
    const left = await visitsFromEvents(cardId);
    expect(left).toHaveLength(3);
    expect(await keptVisits(cardId)).toEqual(padded(left));
    expect(await listNames('?filter=regulars&minVisits=4')).toEqual([]);
    expect(await listNames('?filter=regulars&minVisits=3')).toHaveLength(1);
    // The other phones' only visits were voided: none of them is a regular of one visit.
    expect(await listNames('?filter=regulars&minVisits=1')).toHaveLength(1);
  });

  it('leave a deleted wallet out of the regulars', async () => {
    t = await build({ stampCooldownMinutes: 0 });
    store = await rewardStore(t);
    const gone = await customerWithStamps(t, store.id, 5);
    await customerWithStamps(t, store.id, 5);
    expect(await listNames('?filter=regulars&minVisits=1')).toHaveLength(2);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/customer/me', headers: asCustomer(gone.credential) })).statusCode).toBe(200);
    expect(await listNames('?filter=regulars&minVisits=1')).toHaveLength(1);
  });

  it('are backfilled by the migration from the stamps already recorded, voided ones left out', async () => {
    const db: Db = openDb({ sqlitePath: ':memory:' });
    try {
      const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) };
      expect((await new Migrator({ db: db.kysely, provider }).migrateTo('2026112211_handover')).error).toBeUndefined();
      const k = db.kysely;
      const at = Date.UTC(2026, 10, 20, 9, 0);
      const vendor = '11111111-1111-4111-8111-111111111111';
      await k.insertInto('vendors').values({ id: vendor, email: 'v@x', email_normalized: 'v@x', name: 'n', company: 'c', address: 'a', open_hours: '', website: null, logo_image_id: null, banner_image_id: null, password_hash: null, verified_at: at, created_at: at, updated_at: at }).execute();
      for (const [card, stamps] of [['k1', 10], ['k2', 2], ['k3', 0]] as const) {
        await k.insertInto('customers').values({ id: `c-${card}`, display_name: null, email: null, email_normalized: null, created_at: at, updated_at: at }).execute();
        await k.insertInto('stamp_cards').values({ id: card, customer_id: `c-${card}`, vendor_id: vendor, stamps, last_stamp_at: stamps ? at + stamps * DAY : null, created_at: at, updated_at: at }).execute();
        for (let i = 1; i <= stamps; i += 1) {
          await k.insertInto('stamp_events').values({ id: `${card}-e${i}`, card_id: card, customer_id: `c-${card}`, vendor_id: vendor, token_id: `${card}-t${i}`, kind: 'dynamic', created_at: at + i * DAY, voided_at: card === 'k1' && i === 9 ? at + 10 * DAY : null }).execute();
        }
      }
      await migrateToLatest(db);
      const rows = await k.selectFrom('stamp_cards').select(['id', ...COLUMNS]).orderBy('id').execute();
      const times = (...days: number[]) => padded(days.map((d) => at + d * DAY));
      expect(rows.map((r) => COLUMNS.map((c) => (r[c] === null ? null : Number(r[c]))))).toEqual([
        times(10, 8, 7, 6, 5, 4, 3, 2),
        times(2, 1),
        padded([]),
      ]);
    } finally {
      await db.close();
    }
  });
});

describe('a filtered page, walked or gathered', () => {
  it('lists the customers and in the order that counting their events gives, page by page', async () => {
    t = await build();
    store = await createStore(t, { company: 'Sample Café' });
    const now = t.clock.now();
    const windowStart = now - WINDOW;
    // 30 customers with 0–16 visits spread over 60 days, every fourth over 35 (a seeded pseudo-random
    // mix, so some pass RECENT_VISITS_KEPT visits in the window), one stamp voided.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const events: { cardId: string; at: number; id: string }[] = [];
    for (let i = 0; i < 30; i += 1) {
      const visits = Math.floor(random() * 17);
      const span = i % 4 === 0 ? 35 * DAY : 60 * DAY;
      const card = await addCard(t, store.id, `C${i}`, now - 61 * DAY);
      const times = Array.from({ length: visits }, () => now - Math.floor(random() * span)).sort((a, b) => a - b);
      for (const at of times) events.push({ cardId: card.cardId, at, id: await stampAt(t, card, at) });
      await t.db.kysely.updateTable('stamp_cards').set({ stamps: visits % 5, rewards_given: i % 3 }).where('id', '=', card.cardId).execute();
    }
    const voided = events.find((e) => e.at >= windowStart);
    if (!voided) throw new Error('no visit in the window');
    await t.db.kysely.updateTable('stamp_events').set({ voided_at: now }).where('id', '=', voided.id).execute();
    await recountCardVisits(t.db.kysely, voided.cardId);
    // The store-wide refresh (for bulk-seeded history) reads the same visits and times as the per-card one.
    const kept = async () => t.db.kysely.selectFrom('stamp_cards').select(['id', 'visits', ...COLUMNS]).where('vendor_id', '=', store.id).orderBy('id').execute();
    const before = await kept();
    await refreshStoreVisits(t.db.kysely, store.id, [{ from: Number.NEGATIVE_INFINITY, offsetMs: 0 }]);
    expect(await kept()).toEqual(before);

    // Visits in the window: the UTC days (the store has no time zone) with a stamp in it.
    const daysInWindow = new Map<string, Set<number>>();
    for (const e of events) {
      if (e.at < windowStart || e.id === voided.id) continue;
      daysInWindow.set(e.cardId, (daysInWindow.get(e.cardId) ?? new Set()).add(Math.floor(e.at / DAY)));
    }
    const inWindow = new Map([...daysInWindow].map(([cardId, days]) => [cardId, days.size]));
    const cards = await t.db.kysely.selectFrom('stamp_cards').select(['id', 'last_stamp_at', 'visits']).where('vendor_id', '=', store.id).execute();
    const expectedIds = (filter: CustomerListFilter, minVisits: number) =>
      cards
        .filter((c) => c.last_stamp_at !== null)
        .filter((c) => filter === 'all' || (filter === 'lapsed' ? Number(c.last_stamp_at) < windowStart : (inWindow.get(c.id) ?? 0) >= minVisits && Number(c.visits) >= minVisits))
        .map((c) => c.id)
        .sort();

    const read = async (filter: CustomerListFilter, minVisits: number, sort: CustomerListSort, order: SortOrder, plan: ListPlan) => {
      const seen: CustomerListRow[] = [];
      let after: ListPosition | undefined;
      for (;;) {
        const rows = await listCustomerRows(t.db.kysely, { vendorId: store.id, filter, sort, order, limit: 4, after, windowStart, regularMinVisits: minVisits }, plan);
        seen.push(...rows);
        if (rows.length < 4) return seen;
        const last = rows[rows.length - 1];
        after = { value: sortValue(last, sort), id: last.card_id };
      }
    };
    const filters: [CustomerListFilter, number][] = [['all', 4], ['lapsed', 4], ['regulars', 1], ['regulars', 2], ['regulars', 4], ['regulars', RECENT_VISITS_KEPT], ['regulars', RECENT_VISITS_KEPT + 1]];
    for (const [filter, minVisits] of filters) {
      const expected = expectedIds(filter, minVisits);
      for (const sort of ['lastVisit', 'firstVisit', 'visits', 'stamps', 'rewardsGiven'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const walked = await read(filter, minVisits, sort, order, 'walk');
          const gathered = await read(filter, minVisits, sort, order, 'gather');
          const label = `${filter} ${minVisits} ${sort} ${order}`;
          expect([label, walked.map((r) => r.card_id).sort()]).toEqual([label, expected]);
          expect([label, gathered.map((r) => r.card_id)]).toEqual([label, walked.map((r) => r.card_id)]);
          const values = walked.map((r) => sortValue(r, sort));
          expect([label, values]).toEqual([label, [...values].sort((a, b) => (order === 'asc' ? a - b : b - a))]);
        }
      }
    }
    // The sample holds regulars of every kind checked, and lapsed customers.
    expect(expectedIds('regulars', 2).length).toBeGreaterThan(2);
    expect(expectedIds('regulars', RECENT_VISITS_KEPT + 1).length).toBeGreaterThan(0);
    expect(expectedIds('lapsed', 4).length).toBeGreaterThan(0);
  });
});
