// Migration 2026112620 gives every store from before it the UTC its quiet hours already used, so Store Settings
// shows and keeps it; a store made after it has no zone until its owner first saves the settings.
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../../server/db';
import { migrationsFor } from '../../../../server/db/migrations';
import { findVendorProfile } from '../../../../server/repositories/vendor-profile';

let db: Db;

afterEach(async () => {
  await db.close();
});

it('puts the stores that existed before it on UTC, and drops the never-written notifications_sent column', async () => {
  db = openDb({ sqlitePath: ':memory:' });
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider }).migrateTo('2026112617_person_locale');
  expect(before.error).toBeUndefined();
  const at = Date.UTC(2026, 10, 20, 9, 0);
  const vendor = (id: string) => ({ id, email: `${id}@x`, email_normalized: `${id}@x`, name: 'n', company: 'c', address: 'a', open_hours: '', website: null, logo_image_id: null, banner_image_id: null, password_hash: null, verified_at: at, created_at: at, updated_at: at });
  await db.kysely.insertInto('vendors').values(vendor('11111111-1111-4111-8111-111111111111')).execute();

  await migrateToLatest(db);
  await db.kysely.insertInto('vendors').values(vendor('22222222-2222-4222-8222-222222222222')).execute();

  expect((await findVendorProfile(db.kysely, '11111111-1111-4111-8111-111111111111'))?.time_zone).toBe('UTC');
  expect((await findVendorProfile(db.kysely, '22222222-2222-4222-8222-222222222222'))?.time_zone).toBeNull();
  const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('campaigns')`.execute(db.kysely);
  expect(columns.rows.map((c) => c.name)).not.toContain('notifications_sent');
});
