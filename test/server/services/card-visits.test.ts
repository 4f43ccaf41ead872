// A visit on the Customers page (its Visits column, its regulars filter), in the customers export and in
// the activity list's "n-th visit" is a store day with a stamp that is neither removed nor a bonus stamp,
// as the campaign audiences count them: a per-item scan of 3 items is one visit, so are 3 scans on one
// day, and the store's midnight (its time zone) separates two days. On SQLite, and on PostgreSQL with
// DATABASE_URL.
import { storeVisits } from '../../../server/repositories/campaign-audience';
import { opaqueKey } from '../../../server/services/activity';
import { calendarOfStore } from '../../../server/services/store-day';
import { REGULAR_WINDOW_DAYS } from '../../../src/api/contract/limits';
import { resetTestApp, parseCsv, type TestApp } from '../helpers';
import {
  asCustomer,
  buildCustomerTestApp,
  createStore,
  DAY,
  dynamicToken,
  getActivity,
  HOUR,
  MINUTE,
  saveConfirmedEmail,
  scan,
  setReward,
  type TestStore,
} from '../factories';

let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  // No cooldown between scans (each test says when its scans are); the vendor stays signed in for weeks.
  t = await buildCustomerTestApp({ stampCooldownMinutes: 0, sessionTtlHours: 24 * 90 });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 50, item: 'Flat White', expiry: '2027-12-31' });
});

let addresses = 0;
function freshAddress(): string {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** Scans at the store (a code for `count` items in per-item mode); answers the customer's credential. */
async function scanAt(credential: string | undefined, count = 1): Promise<string> {
  const token = count === 1 ? dynamicToken(t, store.id) : (await t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${store.id}?count=${count}`, headers: store.auth })).json<{ token: string }>().token;
  const response = await scan(t, token, { credential, remoteAddress: freshAddress() });
  expect(response.statusCode).toBe(200);
  return credential ?? (response.json<{ credential: string }>().credential);
}

async function perItemMode(): Promise<void> {
  const saved = await t.app.inject({ method: 'PUT', url: `/api/rewards/${store.id}/settings`, headers: store.auth, payload: { stampMode: 'per-item', maxPerTransaction: 3, autoRedeem: false, expiryDays: null } });
  expect(saved.statusCode).toBe(200);
}

async function setTimeZone(timeZone: string): Promise<void> {
  await t.db.kysely.updateTable('vendors').set({ time_zone: timeZone }).where('id', '=', store.id).execute();
}

/** The Customers page: each customer's lifetime visits, by their key. */
async function pageVisits(query = ''): Promise<Map<string, number>> {
  const response = await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}?limit=100${query}`, headers: store.auth });
  expect(response.statusCode).toBe(200);
  return new Map(response.json<{ items: Array<{ key: string; visits: number }> }>().items.map((item) => [item.key, item.visits]));
}

/** The customers export's Visits column, one number per customer. */
async function exportedVisits(): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}/export.csv`, headers: store.auth });
  expect(response.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(response.body);
  const column = header.indexOf('Visits');
  return rows.map((row) => Number(row[column])).sort((a, b) => a - b);
}

/** The activity list's customer labels, oldest line first. */
async function activityLabels(): Promise<string[]> {
  const response = await getActivity(t, store.id, store.auth, '?pageSize=100');
  expect(response.statusCode).toBe(200);
  return response.json<{ items: Array<{ customer: string }> }>().items.map((item) => item.customer).reverse();
}

async function onlyCustomersVisits(): Promise<number> {
  const visits = [...(await pageVisits()).values()];
  expect(visits).toHaveLength(1);
  return visits[0];
}

describe('a visit is a store day with a stamp', () => {
  it('counts a per-item scan of 3 items as one visit: the Customers page, the export and the activity list', async () => {
    await perItemMode();
    await scanAt(undefined, 3);
    expect(await onlyCustomersVisits()).toBe(1);
    expect(await exportedVisits()).toEqual([1]);
    expect(await activityLabels()).toEqual(['Customer #1, 1st visit', 'Customer #1, 1st visit', 'Customer #1, 1st visit']);
  });

  it('counts 3 scans on one day as one visit, and the next day as the second', async () => {
    const credential = await scanAt(undefined);
    t.clock.advance(2 * HOUR);
    await scanAt(credential);
    t.clock.advance(3 * HOUR);
    await scanAt(credential);
    expect(await onlyCustomersVisits()).toBe(1);
    expect((await pageVisits('&filter=regulars&minVisits=2')).size).toBe(0);
    t.clock.advance(DAY);
    await scanAt(credential);
    expect(await onlyCustomersVisits()).toBe(2);
    expect(await exportedVisits()).toEqual([2]);
    expect((await pageVisits('&filter=regulars&minVisits=2')).size).toBe(1);
    expect(await activityLabels()).toEqual(['Customer #1, 1st visit', 'Customer #1, 1st visit', 'Customer #1, 1st visit', 'Customer #1, 2nd visit']);
  });

  it("splits days at the store's midnight: 23:30 and 00:30 in Kolkata are 2 visits, 00:30 and 23:30 of one Kolkata day 1", async () => {
    await setTimeZone('Asia/Kolkata');
    // 23:30 in Kolkata (UTC+5:30) is 18:00 UTC; 00:30 the next day there is 19:00 UTC the same UTC day.
    t.clock.set(Date.parse('2026-11-22T18:00:00Z'));
    const late = await scanAt(undefined);
    t.clock.set(Date.parse('2026-11-22T19:00:00Z'));
    await scanAt(late);
    expect(await onlyCustomersVisits()).toBe(2);
    expect(await activityLabels()).toEqual(['Customer #1, 1st visit', 'Customer #1, 2nd visit']);
    // 00:30 and 23:30 of 24 November in Kolkata: two UTC days, one store day.
    t.clock.set(Date.parse('2026-11-23T19:00:00Z'));
    await scanAt(late);
    t.clock.set(Date.parse('2026-11-24T18:00:00Z'));
    await scanAt(late);
    expect(await onlyCustomersVisits()).toBe(3);
    expect((await pageVisits('&filter=regulars&minVisits=3')).size).toBe(1);
    expect((await pageVisits('&filter=regulars&minVisits=4')).size).toBe(0);
  });

  it("stops counting a removed stamp's day once no other stamp of that day is left", async () => {
    const credential = await scanAt(undefined);
    t.clock.advance(DAY);
    await scanAt(credential);
    t.clock.advance(HOUR);
    await scanAt(credential);
    expect(await onlyCustomersVisits()).toBe(2);
    const stamps = await t.db.kysely.selectFrom('stamp_events').select('id').where('vendor_id', '=', store.id).orderBy('created_at').execute();
    const remove = async (id: string) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stamps/${id}/remove`, headers: store.auth, payload: { reason: 'Scanned by mistake' } });
      expect(response.statusCode).toBe(200);
    };
    await remove(stamps[1].id);
    // The second day keeps its other stamp: still 2 visits.
    expect(await onlyCustomersVisits()).toBe(2);
    expect((await pageVisits('&filter=regulars&minVisits=2')).size).toBe(1);
    await remove(stamps[2].id);
    expect(await onlyCustomersVisits()).toBe(1);
    expect(await exportedVisits()).toEqual([1]);
    expect((await pageVisits('&filter=regulars&minVisits=2')).size).toBe(0);
    expect((await pageVisits('&filter=regulars&minVisits=1')).size).toBe(1);
    // A new stamp the next day is the 2nd visit again.
    t.clock.advance(DAY);
    await scanAt(credential);
    expect((await activityLabels()).at(-1)).toBe('Customer #1, 2nd visit');
  });

  it("counts a merged wallet's stamps on a day the card already had as that day's visit", async () => {
    const oldPhone = await scanAt(undefined);
    await saveConfirmedEmail(t, oldPhone, 'ana@example.com');
    t.clock.advance(DAY);
    await scanAt(oldPhone);
    t.clock.advance(HOUR);
    // A new phone, the same customer, the same day.
    const newPhone = await scanAt(undefined);
    const recover = await t.app.inject({ method: 'POST', url: '/api/customer/recover', payload: { email: 'ana@example.com' }, headers: asCustomer(newPhone), remoteAddress: freshAddress() });
    expect(recover.statusCode).toBe(202);
    const link = /\/wallet\/recover\/([A-Za-z0-9_-]{43})$/.exec(t.mailer.last()?.link ?? '');
    if (!link) throw new Error('no sign-in link mailed');
    const merged = await t.app.inject({ method: 'POST', url: `/api/customer/recover/${link[1]}`, headers: asCustomer(newPhone), remoteAddress: freshAddress() });
    expect(merged.json().merged).toMatchObject({ stamps: 1, skippedStamps: 0 });
    expect(await onlyCustomersVisits()).toBe(2);
    expect(await exportedVisits()).toEqual([2]);
    expect((await pageVisits('&filter=regulars&minVisits=2')).size).toBe(1);
    expect((await pageVisits('&filter=regulars&minVisits=3')).size).toBe(0);
    expect(await activityLabels()).toEqual(['Customer #1, 1st visit', 'Customer #1, 2nd visit', 'Customer #1, 2nd visit']);
  });
});

describe('the regulars filter and the campaign audience', () => {
  it('count the same store days in the last 30 days for random stamp histories', async () => {
    await setTimeZone('Asia/Kolkata');
    await perItemMode();
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const start = t.clock.now();
    const credentials: Array<string | undefined> = Array.from({ length: 6 }, () => undefined);
    // 100 scans over about 40 days (often several on one day, some around the store's midnight), 1–3 items each.
    for (let i = 0; i < 100; i += 1) {
      t.clock.advance(Math.floor(random() * 19 * HOUR) + MINUTE);
      const who = Math.floor(random() * credentials.length);
      credentials[who] = await scanAt(credentials[who], 1 + Math.floor(random() * 3));
    }
    expect(t.clock.now() - start).toBeGreaterThan(REGULAR_WINDOW_DAYS * DAY);
    // A few stamps removed.
    const stamps = await t.db.kysely.selectFrom('stamp_events').select('id').where('vendor_id', '=', store.id).orderBy('id').execute();
    for (const stamp of stamps.filter(() => random() < 0.15)) {
      const response = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stamps/${stamp.id}/remove`, headers: store.auth, payload: { reason: 'Scanned by mistake' } });
      expect(response.statusCode).toBe(200);
    }

    const now = t.clock.now();
    const from = now - REGULAR_WINDOW_DAYS * DAY;
    const calendar = await calendarOfStore(t.db.kysely, store.id);
    const days = new Map<string, number>();
    for (const visit of await storeVisits(t.db.kysely, store.id, from, now + 1, calendar.offsets(from, now + 1))) {
      const key = opaqueKey(visit.customerId);
      days.set(key, (days.get(key) ?? 0) + 1);
    }
    // Some customers pass the visits a card keeps (the filter then counts their days itself).
    expect(Math.max(...days.values())).toBeGreaterThan(8);
    for (let minVisits = 1; minVisits <= 12; minVisits += 1) {
      const expected = [...days].filter(([, n]) => n >= minVisits).map(([key]) => key).sort();
      expect([minVisits, [...(await pageVisits(`&filter=regulars&minVisits=${minVisits}`)).keys()].sort()]).toEqual([minVisits, expected]);
    }
  });
});
