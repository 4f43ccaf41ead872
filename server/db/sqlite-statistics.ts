// The app's SQLite queries are planned without statistics, as a database that nobody ran ANALYZE
// on is, and the indexes are laid out for that (the scale tests check those plans at 1,000,000 events).
// Statistics that an ANALYZE leaves behind (an operator's, a PRAGMA optimize, the bench's seeding) only
// made plans worse when measured on a store of 1,000,000 stamp events:
// - sqlite_stat4 (value histograms, which this build of SQLite gathers) makes SQLite plan a statement
//   again each time it runs with new values: the scan's one read took 34.9 µs instead of 7.7 µs, and
//   every other statement paid likewise;
// - sqlite_stat1 (rows per index key) told SQLite that one store held nearly every row, and it answered
//   the dashboard's few-second slice of stamps by skip-scanning the (customer_id, created_at) index over
//   all of them: 17.9 ms instead of 0.02 ms along (vendor_id, created_at, id).
// So start-up clears them, and the planner sees the database as it was designed for.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

const STATISTICS_TABLES = ['sqlite_stat1', 'sqlite_stat4'] as const;

/** Empties the statistics tables an ANALYZE filled and makes this connection forget them; answers how many rows went. */
export async function dropPlannerStatistics(db: Kysely<Database>): Promise<number> {
  const present = await sql<{ name: string }>`SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN (${sql.join([...STATISTICS_TABLES])})`.execute(db);
  let dropped = 0;
  for (const { name } of present.rows) {
    const result = await sql`DELETE FROM ${sql.table(name)}`.execute(db);
    dropped += Number(result.numAffectedRows ?? 0);
  }
  // "ANALYZE sqlite_schema" only rereads the statistics tables: SQLite's documented way to load edited ones.
  if (dropped > 0) await sql`ANALYZE sqlite_schema`.execute(db);
  return dropped;
}
