// Migration 2026112626: cards counted one visit per stamp until then. It works out each card's lifetime
// visits, its latest visit times and its stamps' visit numbers again as store days in its store's time
// zone, batch by batch, on SQLite and (with DATABASE_URL) PostgreSQL.
import crypto from 'node:crypto';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../../server/db';
import { migrationsFor } from '../../../../server/db/migrations';

let db: Db;
const pgSchema = process.env.DATABASE_URL ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;

afterEach(async () => {
  if (pgSchema) await sql`DROP SCHEMA IF EXISTS ${sql.id(pgSchema)} CASCADE`.execute(db.kysely);
  await db.close();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const RECENT = ['recent_visit_1', 'recent_visit_2', 'recent_visit_3', 'recent_visit_4'] as const;

it("recounts every card's visits as store days in its store's time zone, across batches", async () => {
  db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: ':memory:', pgSchema });
  if (pgSchema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(pgSchema)}`.execute(db.kysely);
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) }).migrateTo('2026112624_store_customer_order');
  expect(before.error).toBeUndefined();

  const k = db.kysely;
  const created = Date.UTC(2026, 10, 1);
  const vendor = async (id: string, timeZone: string | null) =>
    k.insertInto('vendors').values({ id, email: `${id}@x`, email_normalized: `${id}@x`, name: 'n', company: 'c', address: 'a', open_hours: '', website: null, logo_image_id: null, banner_image_id: null, password_hash: null, verified_at: created, created_at: created, updated_at: created, time_zone: timeZone }).execute();
  await vendor('kolkata', 'Asia/Kolkata');
  await vendor('utc', null);
  // As the code before the migration left them: one visit per stamp (not voided, no bonus), each stamp's time kept.
  let stampNumber = 0;
  const card = async (id: string, vendorId: string, stamps: Array<{ at: number; voided?: boolean; bonus?: boolean }>) => {
    await k.insertInto('customers').values({ id: `c-${id}`, display_name: null, email: null, email_normalized: null, created_at: created, updated_at: created }).execute();
    const visits = stamps.filter((s) => !s.voided && !s.bonus);
    const kept = visits.map((s) => s.at).sort((a, b) => b - a);
    await k.insertInto('stamp_cards').values({
      id, customer_id: `c-${id}`, vendor_id: vendorId, stamps: stamps.length, visits: visits.length, last_stamp_at: stamps.length ? Math.max(...stamps.map((s) => s.at)) : null, created_at: created, updated_at: created,
      ...Object.fromEntries(RECENT.map((column, i) => [column, kept[i] ?? null])),
    }).execute();
    let visit = 0;
    for (const stamp of stamps) {
      stampNumber += 1;
      if (!stamp.bonus) visit += 1;
      const eventId = `${id}-${String(stampNumber).padStart(4, '0')}`;
      await k.insertInto('stamp_events').values({ id: eventId, card_id: id, customer_id: `c-${id}`, vendor_id: vendorId, token_id: eventId, kind: 'dynamic', card_required: 10, card_visit: visit, card_stamps_after: visit, bonus_campaign_id: stamp.bonus ? 'campaign-1' : null, voided_at: stamp.voided ? stamp.at + HOUR : null, created_at: stamp.at }).execute();
    }
  };
  const nov20 = Date.UTC(2026, 10, 20);
  // Kolkata is UTC+5:30: 18:00 UTC is 23:30 there, 19:00 UTC 00:30 the next day.
  await card('k-per-item', 'kolkata', [{ at: nov20 + 9 * HOUR }, { at: nov20 + 9 * HOUR }, { at: nov20 + 9 * HOUR }]);
  await card('k-midnight', 'kolkata', [{ at: nov20 + 18 * HOUR }, { at: nov20 + 19 * HOUR }, { at: nov20 + DAY + 17 * HOUR }, { at: nov20 + DAY + 17 * HOUR, bonus: true }]);
  await card('k-voided', 'kolkata', [{ at: nov20 + 4 * HOUR }, { at: nov20 + DAY + 4 * HOUR, voided: true }, { at: nov20 + 2 * DAY + 4 * HOUR }]);
  // The same instants at a store without a time zone: UTC days.
  await card('u-midnight', 'utc', [{ at: nov20 + 18 * HOUR }, { at: nov20 + 19 * HOUR }, { at: nov20 + DAY + 17 * HOUR }]);
  await card('u-none', 'utc', []);
  // More cards than one batch holds: 3 scans on one day each.
  for (let i = 0; i < 520; i += 1) await card(`u-bulk-${String(i).padStart(3, '0')}`, 'utc', [{ at: nov20 }, { at: nov20 + HOUR }, { at: nov20 + 2 * HOUR }]);

  await migrateToLatest(db);

  const cards = await k.selectFrom('stamp_cards').select(['id', 'visits', ...RECENT]).orderBy('id').execute();
  const figures = new Map(cards.map((c) => [c.id, [Number(c.visits), ...RECENT.map((column) => (c[column] === null ? null : Number(c[column])))]]));
  expect(figures.get('k-per-item')).toEqual([1, nov20 + 9 * HOUR, null, null, null]);
  // 23:30 on the 20th; 00:30 and 22:30 on the 21st (its bonus stamp no visit).
  expect(figures.get('k-midnight')).toEqual([2, nov20 + DAY + 17 * HOUR, nov20 + 18 * HOUR, null, null]);
  expect(figures.get('k-voided')).toEqual([2, nov20 + 2 * DAY + 4 * HOUR, nov20 + 4 * HOUR, null, null]);
  // In UTC, 18:00 and 19:00 are one day.
  expect(figures.get('u-midnight')).toEqual([2, nov20 + DAY + 17 * HOUR, nov20 + 19 * HOUR, null, null]);
  expect(figures.get('u-none')).toEqual([0, null, null, null, null]);
  const bulk = cards.filter((c) => c.id.startsWith('u-bulk-'));
  expect(bulk).toHaveLength(520);
  expect(bulk.every((c) => Number(c.visits) === 1 && Number(c.recent_visit_1) === nov20 + 2 * HOUR && c.recent_visit_2 === null)).toBe(true);

  const numbers = async (cardId: string) => (await k.selectFrom('stamp_events').select('card_visit').where('card_id', '=', cardId).orderBy('created_at').orderBy('id').execute()).map((e) => Number(e.card_visit));
  expect(await numbers('k-per-item')).toEqual([1, 1, 1]);
  expect(await numbers('k-midnight')).toEqual([1, 2, 2, 2]);
  // A removed stamp keeps the number of its day.
  expect(await numbers('k-voided')).toEqual([1, 2, 2]);
  expect(await numbers('u-midnight')).toEqual([1, 1, 2]);
  expect(await numbers('u-bulk-519')).toEqual([1, 1, 1]);
});
