// Migration 2026112623: cards that got bonus stamps before it had counted each bonus stamp as a visit.
// It numbers their stamps' visits again without bonus stamps, takes them off the card's lifetime visits
// and out of its latest visit times; cards without bonus stamps keep their figures.
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

it('numbers visits without bonus stamps: a scan with a bonus then a scan reads 2nd visit, and the card counts 2 visits', async () => {
  db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: ':memory:', pgSchema });
  if (pgSchema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(pgSchema)}`.execute(db.kysely);
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) }).migrateTo('2026112620_store_time_zone');
  expect(before.error).toBeUndefined();

  const k = db.kysely;
  const at = Date.UTC(2026, 10, 20, 9, 0);
  const day = 24 * 60 * 60 * 1000;
  const vendor = '11111111-1111-4111-8111-111111111111';
  await k.insertInto('vendors').values({ id: vendor, email: 'v@x', email_normalized: 'v@x', name: 'n', company: 'c', address: 'a', open_hours: '', website: null, logo_image_id: null, banner_image_id: null, password_hash: null, verified_at: at, created_at: at, updated_at: at }).execute();
  for (const name of ['bonus', 'plain']) {
    await k.insertInto('customers').values({ id: `${name}-c`, display_name: null, email: null, email_normalized: null, created_at: at, updated_at: at }).execute();
  }
  // As the code before the migration left them: every stamp, bonus or not, a visit.
  const card = (name: string, stamps: number) => ({ id: `${name}-k`, customer_id: `${name}-c`, vendor_id: vendor, stamps, visits: stamps, customer_number: name === 'bonus' ? 1 : 2, last_stamp_at: at + day, created_at: at, updated_at: at });
  await k.insertInto('stamp_cards').values([{ ...card('bonus', 4), recent_visit_1: at + day, recent_visit_2: at + day, recent_visit_3: at, recent_visit_4: at }, { ...card('plain', 2), recent_visit_1: at + day, recent_visit_2: at }]).execute();
  const stamp = (name: string, id: string, time: number, visit: number, bonus: boolean) =>
    k.insertInto('stamp_events').values({ id, card_id: `${name}-k`, customer_id: `${name}-c`, vendor_id: vendor, token_id: id, kind: 'dynamic', card_required: 10, card_visit: visit, card_stamps_after: visit, bonus_campaign_id: bonus ? 'campaign-1' : null, bonus_cost_cents: bonus ? 60 : null, created_at: time }).execute();
  await stamp('bonus', 'a1', at, 1, false);
  await stamp('bonus', 'a2', at, 2, true);
  await stamp('bonus', 'b1', at + day, 3, false);
  await stamp('bonus', 'b2', at + day, 4, true);
  await stamp('plain', 'p1', at, 1, false);
  await stamp('plain', 'p2', at + day, 2, false);

  await migrateToLatest(db);

  const visits = await k.selectFrom('stamp_events').select(['id', 'card_visit']).orderBy('id').execute();
  expect(visits.map((v) => [v.id, Number(v.card_visit)])).toEqual([['a1', 1], ['a2', 1], ['b1', 2], ['b2', 2], ['p1', 1], ['p2', 2]]);
  const cards = await k.selectFrom('stamp_cards').select(['id', 'visits', 'stamps', 'recent_visit_1', 'recent_visit_2', 'recent_visit_3']).orderBy('id').execute();
  expect(cards.map((c) => [c.id, Number(c.visits), Number(c.stamps), c.recent_visit_1 === null ? null : Number(c.recent_visit_1), c.recent_visit_2 === null ? null : Number(c.recent_visit_2), c.recent_visit_3])).toEqual([
    ['bonus-k', 2, 4, at + day, at, null],
    ['plain-k', 2, 2, at + day, at, null],
  ]);
});
