// Bulk test data for the activity and dashboard queries: one store with N stamp events spread over C
// customers, written with INSERT … SELECT from a number series inside one transaction (a million rows
// in seconds). Shared by `npm run bench` and test/server/routes/activity/scale.test.ts.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../server/db';
import { recountStoreCounters } from '../server/repositories/store-counters';
import { recountEngaged } from '../server/repositories/dashboard-aggregates';
import { recountStampFiguresOfStore } from '../server/repositories/stamp-figures';
import { calendarOfStore } from '../server/services/store-day';
import { ENGAGED_DAYS } from '../server/services/dashboard';

export interface ActivitySeed {
  /** Stamp events to write (default 1,000,000). */
  events: number;
  /** Customers (and cards) they are spread over (default 10,000). */
  customers: number;
  /** The newest event's time; events are spread evenly over `spanDays` before it. */
  now: number;
  /** How far back the events go (default 365 days). */
  spanDays?: number;
  /** One redemption per this many stamp events (default 10). */
  stampsPerRedemption?: number;
  /** The reward's size, for the cards' current stamp counts (default 10). */
  stampsRequired?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** BENCH_SEED_EVENTS, when set, changes the seeded size (e.g. 100000 for a quick run). */
export function seedEventsFromEnv(fallback: number, options: { allowZero?: boolean } = {}): number {
  const raw = process.env.BENCH_SEED_EVENTS?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (options.allowZero ? 0 : 1)) throw new Error(`BENCH_SEED_EVENTS must be a positive whole number, got "${raw}"`);
  return value;
}

/** n as 8 zero-padded digits: ids in insertion order keep B-tree inserts appending, which is much faster. */
function pad(db: Db): RawBuilder<string> {
  return db.dialect === 'postgres' ? sql`lpad(CAST(n AS TEXT), 8, '0')` : sql`printf('%08d', n)`;
}

/** `INSERT INTO … SELECT <columns> FROM <1..count>`: a recursive CTE on SQLite, generate_series on PostgreSQL. */
function insertFromSeries(db: Db, table: string, columns: string, select: RawBuilder<unknown>, count: number): RawBuilder<unknown> {
  const n = sql.lit(count);
  if (db.dialect === 'postgres') {
    return sql`INSERT INTO ${sql.table(table)} (${sql.raw(columns)}) SELECT ${select} FROM generate_series(CAST(1 AS BIGINT), ${n}) AS seq(n)`;
  }
  return sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${n})
    INSERT INTO ${sql.table(table)} (${sql.raw(columns)}) SELECT ${select} FROM seq`;
}

/**
 * Seeds customers `<vendorId>:c<n>` (every other one with a display name), one card each, `events`
 * stamp events (customer n % C, evenly spaced in time, oldest first) and one redemption per
 * `stampsPerRedemption` events. The vendor row must exist.
 */
export async function seedActivity(db: Db, vendorId: string, seed: ActivitySeed): Promise<void> {
  const spanMs = (seed.spanDays ?? 365) * DAY_MS;
  const every = seed.stampsPerRedemption ?? 10;
  const required = seed.stampsRequired ?? 10;
  const customers = seed.customers;
  const start = seed.now - spanMs;
  const step = Math.max(1, Math.floor(spanMs / seed.events));
  // Cast: PostgreSQL cannot type a bare parameter on both sides of ||.
  const v = sql`CAST(${vendorId} AS TEXT)`;
  const lit = (value: number) => sql.lit(value);

  await db.kysely.transaction().execute(async (trx) => {
    await insertFromSeries(
      db,
      'customers',
      'id, display_name, email, email_normalized, created_at, updated_at',
      sql`${v} || ':c' || n, CASE WHEN n % 2 = 0 THEN 'Customer ' || n ELSE NULL END, NULL, NULL, ${lit(start)}, ${lit(start)}`,
      customers,
    ).execute(trx);
    await insertFromSeries(
      db,
      'stamp_cards',
      'id, customer_id, vendor_id, stamps, last_stamp_at, created_at, updated_at',
      // Current counts 0…required (a few full cards, a few one stamp away); the last stamp in the final days.
      sql`${v} || ':k' || n, ${v} || ':c' || n, ${v}, n % ${lit(required + 1)}, ${lit(seed.now)} - n * 60000, ${lit(start)}, ${lit(seed.now)} - n * 60000`,
      customers,
    ).execute(trx);
    // The engaged counts' trigger would upsert once per event: it is set aside for the bulk insert (the
    // counts are rebuilt below). PostgreSQL disables it for this transaction; on SQLite a window that
    // starts after every seeded event makes its WHEN clause skip them.
    if (db.dialect === 'postgres') await sql`ALTER TABLE stamp_events DISABLE TRIGGER stamp_events_engaged`.execute(trx);
    else await recountEngaged(trx, vendorId, Number.MAX_SAFE_INTEGER);
    await insertFromSeries(
      db,
      'stamp_events',
      'id, card_id, customer_id, vendor_id, token_id, kind, created_at',
      sql`${v} || ':e' || ${pad(db)}, ${v} || ':k' || (n % ${lit(customers)} + 1), ${v} || ':c' || (n % ${lit(customers)} + 1), ${v}, 'seed-' || ${pad(db)}, 'dynamic', ${lit(start)} + n * ${lit(step)}`,
      seed.events,
    ).execute(trx);
    if (db.dialect === 'postgres') await sql`ALTER TABLE stamp_events ENABLE TRIGGER stamp_events_engaged`.execute(trx);
    const redemptions = Math.floor(seed.events / every);
    if (redemptions > 0) {
      await insertFromSeries(
        db,
        'redemptions',
        'id, card_id, customer_id, vendor_id, stamps_required, reward_label, created_at',
        sql`${v} || ':r' || n, ${v} || ':k' || (n % ${lit(customers)} + 1), ${v} || ':c' || (n % ${lit(customers)} + 1), ${v}, ${lit(required)}, 'Flat White', ${lit(start)} + n * ${lit(step * every)} + 1`,
        redemptions,
      ).execute(trx);
    }
    // The dashboard's running counts, which the real stamping keeps as it goes.
    await recountStoreCounters(trx, vendorId);
    // And the kept engaged counts and per-stamp figures (the card histogram keeps itself, by trigger).
    await recountEngaged(trx, vendorId, seed.now - ENGAGED_DAYS * DAY_MS);
    await recountStampFiguresOfStore(trx, vendorId, db.dialect, (await calendarOfStore(trx, vendorId)).offsets(start, seed.now + 1));
  });
  // PostgreSQL plans from statistics its autovacuum keeps, which may not have run yet: fresh ones, as a
  // running database would have. SQLite plans without any (server/db/sqlite-statistics.ts): none gathered.
  if (db.dialect === 'postgres') {
    await sql`VACUUM ANALYZE stamp_events`.execute(db.kysely).catch(() => sql`ANALYZE stamp_events`.execute(db.kysely));
    await sql`ANALYZE redemptions`.execute(db.kysely);
    await sql`ANALYZE stamp_cards`.execute(db.kysely);
    await sql`ANALYZE customers`.execute(db.kysely);
  }
}
