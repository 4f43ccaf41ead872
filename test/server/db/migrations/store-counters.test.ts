// Migration 2026112210 creates store_counters and backfills it from the stamps and claims
// already recorded, so an upgraded server's dashboard shows the store's whole history at once.
import { Migrator, type MigrationProvider } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../../server/db';
import { migrationsFor } from '../../../../server/db/migrations';
import { SLOT_MS, storeCounterSlots, storeCounterTotal } from '../../../../server/repositories/store-counters';

let db: Db;

afterEach(async () => {
  await db.close();
});

it('backfills every store’s stamp and claim counts, in total and per 15-minute slot', async () => {
  db = openDb({ sqlitePath: ':memory:' });
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider }).migrateTo('2026112207_menu_item_uploads');
  expect(before.error).toBeUndefined();

  const at = Date.UTC(2026, 10, 20, 9, 0);
  const k = db.kysely;
  for (const vendor of ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']) {
    await k.insertInto('vendors').values({ id: vendor, email: `${vendor}@x`, email_normalized: `${vendor}@x`, name: 'n', company: 'c', address: 'a', open_hours: '', website: null, logo_image_id: null, banner_image_id: null, password_hash: null, verified_at: at, created_at: at, updated_at: at }).execute();
    await k.insertInto('customers').values({ id: `${vendor}-c`, display_name: null, email: null, email_normalized: null, created_at: at, updated_at: at }).execute();
    await k.insertInto('stamp_cards').values({ id: `${vendor}-k`, customer_id: `${vendor}-c`, vendor_id: vendor, stamps: 0, last_stamp_at: null, created_at: at, updated_at: at }).execute();
  }
  const [first, second] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
  const stamp = (vendor: string, n: number, time: number) =>
    k.insertInto('stamp_events').values({ id: `${vendor}-e${n}`, card_id: `${vendor}-k`, customer_id: `${vendor}-c`, vendor_id: vendor, token_id: `t${n}`, kind: 'dynamic', created_at: time }).execute();
  await stamp(first, 1, at);
  await stamp(first, 2, at + 60_000);
  await stamp(first, 3, at + SLOT_MS);
  await stamp(second, 1, at);
  await k.insertInto('redemptions').values({ id: 'r1', card_id: `${first}-k`, customer_id: `${first}-c`, vendor_id: first, stamps_required: 3, reward_label: 'Tea', created_at: at + SLOT_MS + 1 }).execute();

  await migrateToLatest(db);
  expect(await storeCounterTotal(k, first, 'stamps')).toBe(3);
  expect(await storeCounterTotal(k, second, 'stamps')).toBe(1);
  expect(await storeCounterTotal(k, first, 'claims')).toBe(1);
  expect(await storeCounterTotal(k, second, 'claims')).toBe(0);
  expect([...(await storeCounterSlots(k, first, 'stamps', at - SLOT_MS, at + 2 * SLOT_MS))]).toEqual([
    [at, 2],
    [at + SLOT_MS, 1],
  ]);
});
