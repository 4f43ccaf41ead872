// Migration 2026112637: a menu price holds its currency's whole range in hundredths (999,999,999.99 dong,
// 9,999,999,999.99 Lebanese pounds) on SQLite and (with DATABASE_URL) PostgreSQL, whose 4-byte integer
// stopped at 21,474,836.47; the prices saved before it are kept as they were.
import crypto from 'node:crypto';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../../server/db';
import { migrationsFor } from '../../../../server/db/migrations';
import { listMenuItems } from '../../../../server/repositories/menu-items';

let db: Db;
const pgSchema = process.env.DATABASE_URL ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;

afterEach(async () => {
  if (pgSchema) await sql`DROP SCHEMA IF EXISTS ${sql.id(pgSchema)} CASCADE`.execute(db.kysely);
  await db.close();
});

it("keeps the prices saved before it and holds every currency's highest price after it", async () => {
  db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: ':memory:', pgSchema });
  if (pgSchema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(pgSchema)}`.execute(db.kysely);
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) }).migrateTo('2026112636_recovery_link_key');
  expect(before.error).toBeUndefined();
  const k = db.kysely;
  const at = Date.UTC(2026, 10, 27);
  await k.insertInto('vendors').values({ id: 'hanoi', email: 'h@x', email_normalized: 'h@x', name: 'n', company: 'c', address: 'a', open_hours: '', website: null, logo_image_id: null, banner_image_id: null, password_hash: null, verified_at: at, created_at: at, updated_at: at, currency: 'VND' }).execute();
  const item = (id: string, priceCents: number | null, offset: number) => ({ id, vendor_id: 'hanoi', name: id, price_cents: priceCents, created_at: at + offset });
  await k.insertInto('menu_items').values([item('old-price', 2_147_483_647, 1), item('free-water', 0, 2), item('no-price', null, 3)]).execute();

  await migrateToLatest(db);
  await k.insertInto('menu_items').values([item('wine', 99_999_999_999, 4), item('lebanese', 999_999_999_999, 5)]).execute();

  const prices = (await listMenuItems(k, 'hanoi')).map((row) => [row.name, row.price_cents === null ? null : Number(row.price_cents)]);
  expect(prices).toEqual([['old-price', 2_147_483_647], ['free-water', 0], ['no-price', null], ['wine', 99_999_999_999], ['lebanese', 999_999_999_999]]);
});
