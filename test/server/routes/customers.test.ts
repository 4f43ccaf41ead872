// The Customers page (keyset pages, sorts, regulars and lapsed), its CSV export and the
// activity CSV export (RFC 4180 quoting, formula neutralising, streaming in bounded batches), and
// wallet deletion — each owner-only.
import { Readable } from 'node:stream';
import type { CustomerListItem } from '../../../src/api/contract/customers';
import { ACTIVITY_EXPORT_SOURCES, type ActivityExportSource } from '../../../server/services/export/activity-sources';
import { activityCsvStream, localTime } from '../../../server/services/export/csv-export';
import { csvCell, csvRecord } from '../../../server/services/export/csv';
import { guestLabel } from '../../../server/services/activity';
import type { TestApp } from '../helpers';
import { addCard, claimAt, DAY, stampsFrom, type TestCard } from '../factories';
import { asCustomer, type TestStore } from '../factories';
import { buildHandoverTestApp, handOver, pendingClaim, rewardStore } from '../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildHandoverTestApp();
  store = await rewardStore(t);
});

afterEach(async () => {
  await t.close();
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

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF, line breaks inside quotes) as a spreadsheet import does. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') { cell += '"'; i += 1; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; }
    else if (ch === '\r' && body[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i += 1; }
    else cell += ch;
  }
  if (cell !== '' || row.length > 0) { row.push(cell); rows.push(row); }
  return rows;
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

describe('CSV', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says, and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Lima, Ana')).toBe('"Lima, Ana"');
    expect(csvCell('Ana "the bean" Lima')).toBe('"Ana ""the bean"" Lima"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n');
    expect(parseCsv(csvRecord(['Lima, Ana', 'say "hi"\r\nbye', '@SUM(A1)']))).toEqual([['Lima, Ana', 'say "hi"\r\nbye', "'@SUM(A1)"]]);
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

  it('is owner-only', async () => {
    const other = await rewardStore(t, 'Other');
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}/export.csv`, headers: other.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}/export.csv` })).statusCode).toBe(401);
  });
});

describe('GET /api/activity/:vendorId/export.csv', () => {
  function exportActivity(query: string, auth: Record<string, string> = store.auth) {
    return t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/export.csv${query}`, headers: auth });
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
    expect(rows[0]).toEqual(['Date', 'Event', 'Customer', 'Reward', 'Detail']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['stamp', 'stamp', 'stamp', 'claim', 'handed over', 'stamp', 'stamp', 'stamp', 'claim', 'expired']);
    expect(rows[4]).toEqual([expect.any(String), 'claim', expect.stringMatching(/^Customer #\d+$/), 'Flat White', `code ${given.code}`]);
    expect(rows[5][4]).toBe('confirmed in counter mode');
    expect(rows[10][4]).toBe('3 stamps back on the card');
    const dates = rows.slice(1).map((r) => r[0]);
    expect(dates).toEqual([...dates].sort());
    // Another day's range holds none of it.
    expect(parseCsv((await exportActivity('?from=2020-01-01&to=2020-01-31')).body)).toHaveLength(1);
  });

  it('refuses an end before the start (400) and anyone but the owner', async () => {
    expect((await exportActivity('?from=2026-11-22&to=2026-11-01')).statusCode).toBe(400);
    expect((await exportActivity('?from=2026-11-22')).statusCode).toBe(400);
    const other = await rewardStore(t, 'Other');
    expect((await exportActivity('?from=2026-11-01&to=2026-11-22', other.auth)).statusCode).toBe(403);
    expect((await exportActivity('?from=2026-11-01&to=2026-11-22', {})).statusCode).toBe(401);
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

describe('DELETE /api/customer/me', () => {
  it('erases cards, name and e-mail; the device is signed out; the vendor keeps anonymous counts', async () => {
    const who = await pendingClaim(t, store.id);
    await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(who.credential), payload: { displayName: 'Zoe Privacy' } });
    expect((await list()).json().items.map((c: CustomerListItem) => c.name)).toEqual(['Zoe Privacy']);

    const response = await t.app.inject({ method: 'DELETE', url: '/api/customer/me', headers: asCustomer(who.credential) });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(who.credential) })).statusCode).toBe(401);
    const customer = await t.db.kysely.selectFrom('customers').selectAll().executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ display_name: null, email: null, email_normalized: null, deleted_at: t.clock.now() });
    expect(await t.db.kysely.selectFrom('customer_credentials').selectAll().execute()).toEqual([]);
    expect((await list()).json().items).toEqual([]);

    const dashboard = (await t.app.inject({ method: 'GET', url: `/api/dashboard/${store.id}`, headers: store.auth })).json();
    expect(dashboard.totalRedemptions).toBe(1);
    expect(dashboard.claims).toEqual({ pending: 0, given: 0, expired: 1 });
    const activity = (await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}`, headers: store.auth })).json();
    expect(activity.total).toBe(4);
    expect(JSON.stringify(activity)).not.toContain('Zoe');
  });

  it('answers 401 without a credential', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/customer/me' })).statusCode).toBe(401);
  });
});
