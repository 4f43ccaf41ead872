// The activity log's CSV export: stamps, claims, hand-overs and expiries of a date range in time order,
// owner-only, streamed in bounded keyset batches.
import { Readable } from 'node:stream';
import { ACTIVITY_EXPORT_SOURCES, type ActivityExportSource } from '../../../../server/services/export/activity-sources';
import { activityCsvStream } from '../../../../server/services/export/csv-export';
import { resetTestApp, parseCsv, type TestApp } from '../../helpers';
import { addCard, asCustomer, buildHandoverTestApp, claimAt, DAY, freshCustomerAddress, handOver, pendingClaim, rewardStore, setStoreTimeZone, stampAt, stampsFrom, type TestStore } from '../../factories';

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

describe('GET /api/activity/:vendorId/export.csv', () => {
  // Exports are throttled per address, and the file's tests share an app: each export from an address of its own.
  function exportActivity(query: string, auth: Record<string, string> = store.auth) {
    return t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/export.csv${query}`, headers: auth, remoteAddress: freshCustomerAddress() });
  }

  it('writes stamps, claims, hand-overs and expiries of the date range in time order', async () => {
    const given = await pendingClaim(t, store.id);
    t.clock.advance(60_000);
    await handOver(t, store, given.claimId, 'counter');
    const lapsed = await pendingClaim(t, store.id);
    t.clock.advance(31 * 60_000);
    await t.app.inject({ method: 'GET', url: `/api/customer/claims/${lapsed.claimId}`, headers: asCustomer(lapsed.credential) });
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const response = await exportActivity(`?from=${day}&to=${day}`);
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Date', 'Event', 'Customer', 'Reward', 'Detail', 'Bonus']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['stamp', 'stamp', 'stamp', 'claim', 'handed over', 'stamp', 'stamp', 'stamp', 'claim', 'expired']);
    expect(rows[4]).toEqual([expect.any(String), 'claim', expect.stringMatching(/^Customer #\d+$/), 'Flat White', `code ${given.code}`, '']);
    expect(rows[5][4]).toBe('confirmed in counter mode, handed over by Test Owner');
    expect(rows[10][4]).toBe('3 stamps back on the card');
    const dates = rows.slice(1).map((r) => r[0]);
    expect(dates).toEqual([...dates].sort());
    // Another day's range holds none of it.
    expect(parseCsv((await exportActivity('?from=2020-01-01&to=2020-01-31')).body)).toHaveLength(1);
  });

  it("separates cells with ';' for a page in a language with a decimal comma (German, French, Spanish), with ',' in English", async () => {
    await pendingClaim(t, store.id);
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const english = await exportActivity(`?from=${day}&to=${day}`, { ...store.auth, 'accept-language': 'en-GB' });
    expect(english.body.startsWith('\uFEFFDate,Event,Customer,Reward,Detail,Bonus\r\n')).toBe(true);
    for (const language of ['de-DE', 'fr', 'es-ES,en;q=0.5']) {
      const response = await exportActivity(`?from=${day}&to=${day}`, { ...store.auth, 'accept-language': language });
      expect(response.body.startsWith('\uFEFFDate;Event;Customer;Reward;Detail;Bonus\r\n')).toBe(true);
      expect(parseCsv(response.body, ';')).toEqual(parseCsv(english.body));
    }
  });

  it('writes stamps that expired after no visit, with the store\'s reward and how many of how many, on SQLite and PostgreSQL alike', async () => {
    const settings = await t.app.inject({ method: 'PUT', url: `/api/rewards/${store.id}/settings`, headers: store.auth, payload: { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: 30 } });
    expect(settings.statusCode).toBe(200);
    const card = await addCard(t, store.id, 'Lapsed');
    await stampsFrom(t, card, t.clock.now() - 60_000, 2, 1000);
    t.clock.advance(31 * DAY);
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    // Nothing read the store since: the export settles the overdue card itself.
    const auth = { authorization: `Bearer ${t.deps.sessions.issue(store.id)}` };
    const rows = parseCsv((await exportActivity(`?from=${day}&to=${day}`, auth)).body).slice(1);
    expect(rows).toEqual([[expect.any(String), 'stamps expired', 'Lapsed', 'Flat White', '2 of 3 stamps taken off the card', '']]);
  });

  it("takes the range's days and writes the times on the store's clock when it has a time zone (America/Los_Angeles, summer and winter)", async () => {
    await setStoreTimeZone(t, store.id, 'America/Los_Angeles');
    const card = await addCard(t, store.id, 'Night Owl', Date.parse('2026-10-01T00:00:00Z'));
    await stampAt(t, card, Date.parse('2026-10-31T06:30:00Z')); // 23:30 on 30 October, summer time
    await stampAt(t, card, Date.parse('2026-11-02T07:30:00Z')); // 23:30 on 1 November, winter time
    await stampAt(t, card, Date.parse('2026-11-02T08:30:00Z')); // 00:30 on 2 November
    // The browser's offset (UTC+1 here) is for stores without a time zone.
    const rows = parseCsv((await exportActivity('?from=2026-10-30&to=2026-11-01&utcOffset=60')).body).slice(1);
    expect(rows.map((row) => row[0])).toEqual(['2026-10-30 23:30:00', '2026-11-01 23:30:00']);
  });

  it('refuses an end before the start (400) and anyone but the owner', async () => {
    expect((await exportActivity('?from=2026-11-22&to=2026-11-01')).statusCode).toBe(400);
    expect((await exportActivity('?from=2026-11-22')).statusCode).toBe(400);
    const other = await rewardStore(t, 'Other');
    expect((await exportActivity('?from=2026-11-01&to=2026-11-22', other.auth)).statusCode).toBe(403);
    expect((await exportActivity('?from=2026-11-01&to=2026-11-22', {})).statusCode).toBe(401);
  });

  it('refuses a day the calendar does not have (30 February, 31 April) instead of reading it as a day of the next month', async () => {
    for (const [query, field] of [['?from=2026-02-30&to=2026-03-05', 'from'], ['?from=2026-04-01&to=2026-04-31', 'to'], ['?from=2026-02-29&to=2026-03-01', 'from']] as const) {
      const response = await exportActivity(`${query}&utcOffset=0`);
      expect([query, response.statusCode, response.json().details]).toEqual([query, 400, [{ field, message: 'is not a date' }]]);
    }
    expect((await exportActivity('?from=2028-02-29&to=2028-03-01&utcOffset=0')).statusCode).toBe(200);
  });

  it('streams: reads one bounded batch at a time, and reads further only as the reader takes the file', async () => {
    const card = await addCard(t, store.id, 'Batch');
    const start = t.clock.now() - 2 * DAY;
    await stampsFrom(t, card, start, 45, 1000);
    await claimAt(t, card, start + 30_000, 3);
    // Count what the database hands over, batch by batch, through the real sources.
    const batches: number[] = [];
    const counted: ActivityExportSource[] = ACTIVITY_EXPORT_SOURCES.map((source) => ({
      kind: source.kind,
      read: async (...args) => {
        const rows = await source.read(...args);
        batches.push(rows.length);
        return rows;
      },
    }));
    const range = { vendorId: store.id, from: start, to: t.clock.now() };
    const stream = activityCsvStream(t.deps, range, { batchRows: 10, utcOffsetMinutes: 0, highWaterMark: 16 }, counted);
    const reader = stream[Symbol.asyncIterator]();
    const header = await reader.next();
    expect(String(header.value)).toContain('Date,Event');
    let text = String(header.value);
    text += String((await reader.next()).value);
    // A reader that took two chunks made the stream fetch only the batches those needed (plus one ahead).
    const fetchedEarly = batches.length;
    for (let chunk = await reader.next(); !chunk.done; chunk = await reader.next()) text += String(chunk.value);
    expect(Math.max(...batches)).toBeLessThanOrEqual(10);
    // 45 stamps in batches of 10: five reads for stamps alone, most of them after the early chunks.
    expect(batches.filter((n) => n > 0).length).toBeGreaterThanOrEqual(6);
    expect(fetchedEarly).toBeLessThan(batches.length);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(1 + 45 + 1);
    expect(rows.filter((r) => r[1] === 'claim')).toHaveLength(1);
    expect(stream).toBeInstanceOf(Readable);
  });

  it('sends each of many events of one millisecond once, across batch boundaries', async () => {
    const card = await addCard(t, store.id, 'Ties');
    const at = t.clock.now() - DAY;
    // 25 stamps of the same millisecond, then 5 later, read in batches of 10: a batch ends inside the tie.
    const tied = await stampsFrom(t, card, at, 25, 0);
    const later = await stampsFrom(t, card, at + 1, 5, 1000);
    const range = { vendorId: store.id, from: at, to: t.clock.now() };
    const stream = activityCsvStream(t.deps, range, { batchRows: 10, utcOffsetMinutes: 0, highWaterMark: 16 });
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    const stamps = parseCsv(text).filter((row) => row[1] === 'stamp');
    expect(stamps).toHaveLength(tied.length + later.length);
  });
});
