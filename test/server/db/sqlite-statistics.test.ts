// SQLite statistics: the app's queries are planned without statistics; after an ANALYZE, start-up
// clears what it gathered (sqlite_stat1, sqlite_stat4), with which SQLite re-planned every statement on each
// new bound value and skip-scanned a whole store for the dashboard.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../server/db';
import { dropPlannerStatistics } from '../../../server/db/sqlite-statistics';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-stats-'));
  db = openDb({ sqlitePath: path.join(dir, 'stampwise.db'), sqliteReadWorker: false });
  await migrateToLatest(db);
});
afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = async (table: 'sqlite_stat1' | 'sqlite_stat4') => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db.kysely)).rows[0].n);

async function addVendors(n: number): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `vendor-${i}`, email: `v${i}@example.com`, email_normalized: `v${i}@example.com`, name: 'V', company: `Café ${i}`, address: 'A', open_hours: '', created_at: now, updated_at: now,
  }));
  await db.kysely.insertInto('vendors').values(rows).execute();
}

describe('planner statistics', () => {
  it('a restart after ANALYZE clears what it gathered, and the plans are the unanalysed ones again', async () => {
    await addVendors(30);
    const lookup = sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM vendors WHERE id = ${'vendor-7'}`;
    await sql`ANALYZE`.execute(db.kysely);
    expect(await count('sqlite_stat4')).toBeGreaterThan(0);
    expect(await count('sqlite_stat1')).toBeGreaterThan(0);

    await migrateToLatest(db); // what every start does
    expect(await count('sqlite_stat4')).toBe(0);
    expect(await count('sqlite_stat1')).toBe(0);
    expect((await lookup.execute(db.kysely)).rows.map((row) => row.detail)).toEqual([expect.stringMatching(/^SEARCH vendors USING (COVERING )?INDEX sqlite_autoindex_vendors_1 \(id=\?\)$/)]);
    // The app still answers from the same tables.
    expect((await db.kysely.selectFrom('vendors').select('id').where('id', '=', 'vendor-7').execute()).map((row) => row.id)).toEqual(['vendor-7']);
  });

  it('does nothing on a database that was never analysed', async () => {
    expect(await dropPlannerStatistics(db.kysely)).toBe(0);
    await addVendors(3);
    expect(await dropPlannerStatistics(db.kysely)).toBe(0);
  });
});
