// The database cuts the store's days where the store's clock does: the day of each stamp worked out in SQL
// (SQLite or PostgreSQL, whichever the suite runs on) is the day worked out in the store's time zone,
// around midnight and around the clock changes.
import { sql } from 'kysely';
import { storeDaySql } from '../../../server/repositories/store-day-sql';
import { storeDate, storeDay, utcOffsetSpans } from '../../../server/services/store-day';
import { buildTestApp, type TestApp } from '../helpers';
import { addCard, createStore, stampAt } from '../factories';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

const instants = [
  '2026-11-01T06:59:59Z', // 23:59:59 in Los Angeles, the night the clocks go back
  '2026-11-01T07:00:00Z', // 00:00 there, summer time
  '2026-11-01T08:30:00Z', // 01:30 the first time
  '2026-11-01T09:30:00Z', // 01:30 the second time
  '2026-11-02T07:30:00Z', // 23:30 on the 25-hour day
  '2026-11-02T08:00:00Z', // 00:00 the next day, winter time
  '2026-11-24T18:00:00Z', // 23:30 in Kolkata
  '2026-11-24T19:00:00Z', // 00:30 in Kolkata
  '2027-03-14T09:59:59Z', // 01:59:59 in Los Angeles, the clocks about to go forward
  '2027-03-14T10:00:00Z', // 03:00 there
  '2027-03-15T06:59:59Z', // 23:59:59 at the end of the 23-hour day
  '2027-03-15T07:00:00Z', // 00:00 the next day
].map((iso) => Date.parse(iso));

describe('storeDaySql', () => {
  it.each(['America/Los_Angeles', 'Asia/Kolkata', 'Europe/Paris', null])('gives each stamp the day of the store\'s calendar in %s', async (timeZone) => {
    const store = await createStore(t);
    const card = await addCard(t, store.id, 'Night Owl');
    for (const at of instants) await stampAt(t, card, at);
    const offsets = utcOffsetSpans(timeZone, instants[0], instants[instants.length - 1] + 1);
    const rows = await t.db.kysely
      .selectFrom('stamp_events')
      .select(['created_at', storeDaySql(sql.ref('created_at'), offsets).as('day')])
      .where('vendor_id', '=', store.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => storeDate(Number(row.day)))).toEqual(instants.map((at) => storeDate(storeDay(at, timeZone))));
  });
});
