// GET /api/activity/{vendorId}/today: the counter feed's lines when it opens are the store's day, midnight to
// midnight in its time zone, whatever clock the counter's browser keeps (a store without a time zone: the
// browser's offset). Runs on SQLite and (with DATABASE_URL) PostgreSQL.
import type { TodaysActivity } from '../../../../src/api/contract/activity';
import { addCard, addTeamMember, createStore, setStoreTimeZone, stampAt, type TestStore } from '../../factories';
import { buildTestApp, type TestApp } from '../../helpers';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  store = await createStore(t, { company: 'Chai Point' });
});

afterEach(async () => {
  await t.close();
});

const at = (iso: string) => Date.parse(iso);

async function today(query: string, auth = store.auth): Promise<TodaysActivity> {
  const response = await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/today?${query}`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json<TodaysActivity>();
}

/** A stamp at 23:30 and one at 00:30 on the night of 22 to 23 November in Kolkata (18:00 and 19:00 UTC, one UTC day). */
async function lateNight(): Promise<{ beforeMidnight: string; afterMidnight: string }> {
  const card = await addCard(t, store.id, 'Priya');
  const beforeMidnight = await stampAt(t, card, at('2026-11-22T18:00:00Z'));
  const afterMidnight = await stampAt(t, card, at('2026-11-22T19:00:00Z'));
  // 01:00 on 23 November in Kolkata, 19:30 on the 22nd in UTC.
  t.clock.set(at('2026-11-22T19:30:00Z'));
  return { beforeMidnight, afterMidnight };
}

describe('GET /api/activity/:vendorId/today', () => {
  it('a store in Asia/Kolkata, a counter whose browser runs on UTC, near midnight: only the lines since midnight in Kolkata', async () => {
    await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
    const { afterMidnight } = await lateNight();
    const staff = await addTeamMember(t, store.id, 'staff');

    const body = await today('pageSize=8&utcOffset=0', staff.auth);
    expect(body.date).toBe('2026-11-23');
    expect(body.items.map((item) => item.id)).toEqual([afterMidnight]);
  });

  it('a store without a time zone counts the day of the browser that asks', async () => {
    await setStoreTimeZone(t, store.id, null);
    const { beforeMidnight, afterMidnight } = await lateNight();

    expect((await today('pageSize=8&utcOffset=0')).items.map((item) => item.id)).toEqual([afterMidnight, beforeMidnight]);
    expect(await today('pageSize=8&utcOffset=330')).toMatchObject({ date: '2026-11-23', items: [{ id: afterMidnight }] });
  });

  it('answers at most pageSize lines, newest first', async () => {
    await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
    const { afterMidnight } = await lateNight();
    const card = await addCard(t, store.id, 'Ravi');
    const newest = await stampAt(t, card, at('2026-11-22T19:15:00Z'));

    expect((await today('pageSize=1')).items.map((item) => item.id)).toEqual([newest]);
    expect((await today('pageSize=8')).items.map((item) => item.id)).toEqual([newest, afterMidnight]);
  });
});
