// Every page of the activity list is read from where the indexes reach it directly — the newest
// event, the oldest, or a cursor a few rows away — and is the same page the full list, newest first, holds
// there: at the boundaries, with ties on the millisecond, with voided stamps (listed, marked) and claims.
// A page by number far from both ends is refused (400), never counted through.
import type { ActivityItem, ActivityPage } from '../../../../src/api/contract/activity';
import { ACTIVITY_SEEK_MAX_ROWS } from '../../../../src/api/contract/limits';
import { bumpStoreCounter } from '../../../../server/repositories/store-counters';
import { CURSOR_CONFLICT_MESSAGE, PAGE_TOO_FAR_MESSAGE, SKIP_WITHOUT_CURSOR_MESSAGE } from '../../../../server/services/activity';
import { seedActivity } from '../../../../bench/seed-activity';
import { createStore, setReward, type TestStore, addCard, DAY, getActivity, stampsFrom } from '../../factories';
import { buildTestApp, type TestApp } from '../../helpers';

let t: TestApp;
let store: TestStore;
/** The whole list, newest first, read page after page by nextCursor: what every page must be a slice of. */
let all: ActivityItem[];
let voidedIds: string[];

const cursorOf = (item: ActivityItem) => `${item.date}_${item.id}`;
const ids = (items: readonly ActivityItem[]) => items.map((item) => item.id);

async function read(query: string): Promise<ActivityPage> {
  const response = await getActivity(t, store.id, store.auth, query);
  expect({ query, status: response.statusCode }).toEqual({ query, status: 200 });
  return response.json<ActivityPage>();
}

beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const now = t.clock.now();
  // 1,200 stamps and 120 claims over the last year: more than twice ACTIVITY_SEEK_MAX_ROWS, so some pages
  // lie far from both ends.
  await seedActivity(t.db, store.id, { events: 1_200, customers: 40, now });
  // Ties on the millisecond near both ends: the id orders them, on every path alike.
  const early = await addCard(t, store.id, 'Early Bird');
  await stampsFrom(t, early, now - 364 * DAY, 4, 0);
  const late = await addCard(t, store.id, 'Night Owl');
  await stampsFrom(t, late, now - DAY / 2, 4, 0);
  // A few stamps voided (as POST …/alerts/void does): they stay in the list, marked, and are counted in it.
  const stamps = await t.db.kysely.selectFrom('stamp_events').select(['id', 'created_at']).where('vendor_id', '=', store.id).orderBy('created_at').execute();
  const voided = [stamps[3], stamps[600], stamps[stamps.length - 2]];
  for (const stamp of voided) {
    await t.db.kysely.updateTable('stamp_events').set({ voided_at: now }).where('id', '=', stamp.id).execute();
    await bumpStoreCounter(t.db.kysely, store.id, 'stamps', Number(stamp.created_at), -1);
  }
  voidedIds = voided.map((stamp) => stamp.id);

  all = [];
  let page = await read('?pageSize=100');
  all.push(...page.items);
  while (page.nextCursor) {
    page = await read(`?pageSize=100&before=${encodeURIComponent(page.nextCursor)}`);
    all.push(...page.items);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/activity/:vendorId, any page', () => {
  it('counts every row of the list (voided stamps too), and the list holds each event once, newest first', async () => {
    expect(all).toHaveLength(1_200 + 120 + 8);
    expect(new Set(ids(all)).size).toBe(all.length);
    const dates = all.map((item) => item.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(await read('?pageSize=5')).toMatchObject({ total: all.length, totalIsCapped: false, hasMore: true });
    expect(all.filter((item) => item.voided).map((item) => item.id).sort()).toEqual([...voidedIds].sort());
  });

  it.each([100, 7])('serves each page by number near either end (pageSize %i) and refuses the ones far from both', async (pageSize) => {
    const total = all.length;
    const pages = Math.ceil(total / pageSize);
    let served = 0;
    for (let page = 1; page <= pages + 1; page += 1) {
      const offset = (page - 1) * pageSize;
      const rowsOnPage = Math.max(0, Math.min(pageSize, total - offset));
      const nearNewest = offset <= ACTIVITY_SEEK_MAX_ROWS;
      const nearOldest = total - offset - rowsOnPage <= ACTIVITY_SEEK_MAX_ROWS;
      // Every page near a boundary; a sample of the others (pageSize 7 has ~190 pages).
      if (pageSize === 7 && !nearNewest && !nearOldest && page % 10 !== 0) continue;
      const response = await getActivity(t, store.id, store.auth, `?page=${page}&pageSize=${pageSize}`);
      if (nearNewest || nearOldest) {
        expect({ page, status: response.statusCode }).toEqual({ page, status: 200 });
        const body = response.json<ActivityPage>();
        expect({ page, ids: ids(body.items) }).toEqual({ page, ids: ids(all.slice(offset, offset + pageSize)) });
        expect({ page, hasMore: body.hasMore, total: body.total }).toEqual({ page, hasMore: page < pages, total });
        expect(body.nextCursor).toBe(page < pages ? cursorOf(all[offset + pageSize - 1]) : undefined);
        expect(body.prevCursor).toBe(page === 1 || rowsOnPage === 0 ? undefined : cursorOf(all[offset]));
        served += 1;
      } else {
        expect({ page, status: response.statusCode }).toEqual({ page, status: 400 });
        expect(response.json()).toEqual({ error: PAGE_TOO_FAR_MESSAGE, details: [{ field: 'page', message: expect.any(String) }] });
      }
    }
    expect(served).toBeGreaterThan(2 * Math.floor(ACTIVITY_SEEK_MAX_ROWS / pageSize));
  });

  it('reads the older pages from a cursor, up to ACTIVITY_SEEK_MAX_ROWS rows along, anywhere in the list', async () => {
    for (const at of [0, 299, 660, all.length - 150]) {
      for (const skip of [0, 1, 100, ACTIVITY_SEEK_MAX_ROWS]) {
        const body = await read(`?page=9&pageSize=100&before=${encodeURIComponent(cursorOf(all[at]))}&skip=${skip}`);
        const expected = all.slice(at + 1 + skip, at + 1 + skip + 100);
        expect({ at, skip, ids: ids(body.items) }).toEqual({ at, skip, ids: ids(expected) });
        expect({ at, skip, hasMore: body.hasMore }).toEqual({ at, skip, hasMore: at + 1 + skip + 100 < all.length });
        // The page number is the caller's, echoed.
        expect(body.page).toBe(9);
      }
    }
  });

  it('reads the newer pages from a cursor (the page before the one shown), up to ACTIVITY_SEEK_MAX_ROWS rows along', async () => {
    for (const at of [all.length - 1, 1_000, 660, 120]) {
      for (const skip of [0, 1, 100, ACTIVITY_SEEK_MAX_ROWS]) {
        const body = await read(`?page=3&pageSize=100&after=${encodeURIComponent(cursorOf(all[at]))}&skip=${skip}`);
        const end = Math.max(0, at - skip);
        const expected = all.slice(Math.max(0, end - 100), end);
        expect({ at, skip, ids: ids(body.items) }).toEqual({ at, skip, ids: ids(expected) });
        if (expected.length > 0) {
          expect(body.prevCursor).toBe(cursorOf(expected[0]));
          expect(body.nextCursor).toBe(cursorOf(expected[expected.length - 1]));
        }
      }
    }
  });

  it('walks back from the last page to the first by prevCursor, meeting the same pages as going forward', async () => {
    const pageSize = 100;
    const pages = Math.ceil(all.length / pageSize);
    let body = await read(`?page=${pages}&pageSize=${pageSize}`);
    const seen = [...ids(body.items)];
    for (let page = pages - 1; page >= 1; page -= 1) {
      expect(body.prevCursor).toBeDefined();
      body = await read(`?page=${page}&pageSize=${pageSize}&after=${encodeURIComponent(body.prevCursor as string)}`);
      expect({ page, ids: ids(body.items) }).toEqual({ page, ids: ids(all.slice((page - 1) * pageSize, page * pageSize)) });
      seen.unshift(...ids(body.items));
    }
    expect(seen).toEqual(ids(all));
    // Above the first page there is nothing newer.
    expect((await read(`?pageSize=${pageSize}&after=${encodeURIComponent(cursorOf(all[0]))}`)).items).toEqual([]);
  });

  it.each([
    [`?before=1_a&after=1_b`, CURSOR_CONFLICT_MESSAGE, 'after'],
    ['?page=2&skip=10', SKIP_WITHOUT_CURSOR_MESSAGE, 'skip'],
  ])('refuses %s clearly', async (query, error, field) => {
    const response = await getActivity(t, store.id, store.auth, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, details: [{ field, message: expect.any(String) }] });
  });
});
