// resetTestApp: an app shared by a file's tests is, after it, as a new one would be.
import { sql } from 'kysely';
import { resetTestApp, TEST_CLOCK_START, type TestApp } from './helpers';
import { buildHandoverTestApp, handOver, pendingClaim, rewardStore, signUpVendor } from './factories';

let t: TestApp;

beforeAll(async () => {
  // Without a cooldown, so a card fills in a few scans.
  t = await buildHandoverTestApp();
});

afterAll(async () => {
  await t.close();
});

async function rowCounts(): Promise<Record<string, number>> {
  const tables = t.db.dialect === 'postgres'
    ? (await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(t.db.kysely)).rows
    : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(t.db.kysely)).rows;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.id(name)}`.execute(t.db.kysely);
    counts[name] = Number(rows[0]?.n);
  }
  return counts;
}

it('empties every table but the migrations, rewinds the clock and forgets the mail, and the app serves as before', async () => {
  const migrationsBefore = (await rowCounts()).kysely_migration;
  // A store, its reward, a customer's stamps (the aggregates' triggers), a claim handed over, a mailed sign-up.
  const store = await rewardStore(t);
  const claimant = await pendingClaim(t, store.id);
  expect((await handOver(t, store, claimant.claimId)).statusCode).toBe(200);
  await signUpVendor(t);
  const filled = await rowCounts();
  expect(Object.entries(filled).filter(([name, n]) => n > 0 && !name.startsWith('kysely_')).length).toBeGreaterThanOrEqual(8);
  expect(t.clock.now()).toBeGreaterThan(TEST_CLOCK_START);
  expect(t.mailer.sent.length).toBeGreaterThan(0);

  await resetTestApp(t);

  const emptied = await rowCounts();
  for (const [name, n] of Object.entries(emptied)) {
    if (name === 'kysely_migration') expect(n).toBe(migrationsBefore);
    else if (name !== 'kysely_migration_lock') expect({ [name]: n }).toEqual({ [name]: 0 });
  }
  expect(t.clock.now()).toBe(TEST_CLOCK_START);
  expect(t.mailer.sent).toEqual([]);

  // The foreign keys hold again: a card for a store that does not exist is refused.
  await expect(t.db.kysely.insertInto('stamp_cards').values({
    id: 'orphan-card', customer_id: 'no-such-customer', vendor_id: 'no-such-store', customer_number: 1, last_stamp_at: null, created_at: 0, updated_at: 0,
  }).execute()).rejects.toHaveProperty('message', expect.stringMatching(/foreign key/i));

  // And the same app serves a new store from the start.
  const again = await rewardStore(t);
  const second = await pendingClaim(t, again.id);
  expect((await handOver(t, again, second.claimId)).statusCode).toBe(200);
});
