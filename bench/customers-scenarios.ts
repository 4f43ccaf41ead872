// Bench rows for the Customers page (BENCH_ONLY=customers): a store with 100,000 customers
// (BENCH_SEED_EVENTS stamp events, default 1,000,000, spread over them), first and deep keyset pages,
// the regulars and lapsed filters; every page query one at a time (customers-plans.ts lists them); then
// a streamed 1,000,000-row activity CSV export, measured for rows/s and for the server's memory.
import { sql } from 'kysely';
import type { AppDeps } from '../server/deps';
import { ACTIVITY_EXPORT_SOURCES, type ExportPosition } from '../server/services/export/activity-sources';
import { EXPORT_BATCH_ROWS } from '../server/services/export/csv-export';
import type { LoadRequest } from './load';
import { refreshStoreVisits } from '../server/repositories/recent-visits';
import { calendarOfStore } from '../server/services/store-day';
import { seedActivity, seedEventsFromEnv } from './seed-activity';
import { seedBenchVendor } from './seed-vendor';

export const CUSTOMERS_BENCH_GROUP = 'customers';

export interface BenchContext {
  deps: AppDeps;
  baseUrl: string;
}

interface BenchScenario {
  name: string;
  request(): Promise<LoadRequest>;
}
const CUSTOMERS = 100_000;

export interface Seeded {
  vendorId: string;
  auth: Record<string, string>;
}

let seeded: Seeded | undefined;

async function seed({ deps }: BenchContext): Promise<Seeded> {
  if (seeded) return seeded;
  const events = seedEventsFromEnv(1_000_000);
  const now = Date.now();
  const { vendorId, token } = await seedBenchVendor(deps, { name: 'Regulars Vendor', company: 'Regulars Café', address: '3 Bench Street' }, now);
  await deps.db.kysely.insertInto('rewards').values({ vendor_id: vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
  const started = Date.now();
  await seedActivity(deps.db, vendorId, { events, customers: CUSTOMERS, now });
  // The seed writes history only: fill the cards' counters, last stamp and visits as stamping
  // and hand-overs keep them.
  await sql`UPDATE stamp_cards SET
      rewards_given = (SELECT COUNT(*) FROM redemptions r WHERE r.card_id = stamp_cards.id),
      last_stamp_at = (SELECT MAX(e.created_at) FROM stamp_events e WHERE e.card_id = stamp_cards.id)
    WHERE vendor_id = ${vendorId}`.execute(deps.db.kysely);
  await refreshStoreVisits(deps.db.kysely, vendorId, (await calendarOfStore(deps.db.kysely, vendorId)).offsets(0, now + 1));
  if (deps.db.dialect === 'postgres') await sql`ANALYZE stamp_cards`.execute(deps.db.kysely);
  console.log(`seeded ${events.toLocaleString('en-US')} stamp events over ${CUSTOMERS.toLocaleString('en-US')} customers for the customers rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  seeded = { vendorId, auth: { authorization: `Bearer ${token}` } };
  return seeded;
}

/** The seeded store (seeding it on first use). */
export async function seededStore(context: BenchContext): Promise<Seeded> {
  return seed(context);
}

export async function customersScenarios(context: BenchContext): Promise<BenchScenario[]> {
  const { vendorId, auth } = await seed(context);
  const base = `${context.baseUrl}/api/customers/${vendorId}`;
  // A cursor half-way down the visits order: a deep page costs what the first one does.
  const middle = await context.deps.db.kysely
    .selectFrom('stamp_cards')
    .select(['id', 'visits'])
    .where('vendor_id', '=', vendorId)
    .orderBy('visits', 'desc')
    .orderBy('id', 'desc')
    .offset(CUSTOMERS / 2)
    .limit(1)
    .executeTakeFirstOrThrow();
  const deepCursor = Buffer.from(JSON.stringify({ s: 'visits', o: 'desc', v: Number(middle.visits), i: middle.id })).toString('base64url');
  const row = (name: string, query: string): BenchScenario => ({ name, request: async () => ({ url: `${base}${query}`, headers: auth }) });
  return [
    row('GET /api/customers/:id (100k customers)', ''),
    row('GET /api/customers/:id?sort=visits&after=<50,000th>', `?sort=visits&after=${deepCursor}`),
    row('GET /api/customers/:id?filter=regulars', '?filter=regulars'),
    row('GET /api/customers/:id?filter=lapsed', '?filter=lapsed'),
  ];
}

/**
 * The activity CSV of the whole seeded year (about 1.1 million rows) read over HTTP and thrown away,
 * sampling the process's memory every 50 ms: what streaming holds beyond the baseline.
 */
export async function runExportBench(context: BenchContext): Promise<{ rowsPerSecond: number; readPerSecond: number }> {
  const { vendorId, auth } = await seed(context);
  const from = new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  let peakRetained = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 50);
  // The heap's peak counts garbage not yet collected (on PostgreSQL, each batch's result arrays: +194 MB
  // at load 10, while +3 MB was live). What the export holds is what survives a full collection, taken
  // once a second (npm run bench exposes gc; a full collection costs a few ms of the export's time).
  const retainedSampler = setInterval(() => {
    if (!global.gc) return;
    global.gc();
    peakRetained = Math.max(peakRetained, process.memoryUsage().heapUsed);
  }, 1000);
  const started = Date.now();
  const response = await fetch(`${context.baseUrl}/api/activity/${vendorId}/export.csv?from=${from}&to=${to}`, { headers: auth });
  let bytes = 0;
  let rows = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    bytes += chunk.value.byteLength;
    for (const byte of chunk.value) if (byte === 10) rows += 1;
  }
  clearInterval(sampler);
  clearInterval(retainedSampler);
  const seconds = (Date.now() - started) / 1000;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  const rowsPerSecond = (rows - 1) / seconds;
  // Yardstick: the same events read straight from the database by the export's own sources, in its
  // batches, with no merging, CSV or HTTP: what the export costs beyond reading.
  const range = { vendorId, from: Date.parse(`${from}T00:00:00Z`), to: Date.parse(`${to}T00:00:00Z`) + 24 * 3600 * 1000 };
  const readStarted = Date.now();
  let read = 0;
  for (const source of ACTIVITY_EXPORT_SOURCES) {
    let after: ExportPosition | undefined;
    for (;;) {
      const batch = await source.read(context.deps, range, after, EXPORT_BATCH_ROWS);
      read += batch.length;
      if (batch.length < EXPORT_BATCH_ROWS) break;
      after = batch[batch.length - 1];
    }
  }
  const readPerSecond = read / ((Date.now() - readStarted) / 1000);
  console.log(
    `\nactivity CSV export (HTTP ${response.status}): ${(rows - 1).toLocaleString('en-US')} rows, ${mb(bytes)} MB in ${seconds.toFixed(1)} s: ` +
      `${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s, ${(100 * rowsPerSecond / readPerSecond).toFixed(0)}% of reading the same ` +
      `${read.toLocaleString('en-US')} rows from the database alone (${Math.round(readPerSecond).toLocaleString('en-US')} rows/s, the yardstick); ` +
      `memory beyond the baseline while it ran: RSS +${mb(peakRss - baseline.rss)} MB, heap +${mb(peakHeap - baseline.heapUsed)} MB, ` +
      `${global.gc ? `live after a full collection +${mb(peakRetained - baseline.heapUsed)} MB` : 'live not measured (run with NODE_OPTIONS=--expose-gc)'} (the file itself: ${mb(bytes)} MB)`,
  );
  return { rowsPerSecond, readPerSecond };
}
