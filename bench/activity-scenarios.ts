// Bench rows for issue 7: the dashboard and the activity list of a store with a long history
// (BENCH_SEED_EVENTS stamp events, default 1,000,000, over 10,000 customers), seeded in one bulk insert.
import type { BenchContext, BenchScenario } from './scenarios';
import { seedActivity, seedEventsFromEnv } from './seed-activity';
import { seedBenchVendor } from './seed-vendor';

export const ACTIVITY_BENCH_ROWS = {
  dashboard: 'GET /api/dashboard/:id',
  activity: 'GET /api/activity/:id',
  deepPage: 'GET /api/activity/:id?page=100&pageSize=100',
} as const;

export async function activityScenarios({ deps, baseUrl }: BenchContext): Promise<BenchScenario[]> {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const names = Object.values(ACTIVITY_BENCH_ROWS);
  // Seeding a million rows takes a while: skip it when no row of ours is asked for.
  if (only && !names.some((name) => only.includes(name))) return [];

  const events = seedEventsFromEnv(1_000_000);
  const now = Date.now();
  const { vendorId, token } = await seedBenchVendor(deps, { name: 'Busy Vendor', company: 'Busy Café', address: '2 Bench Street' }, now);
  await deps.db.kysely.insertInto('rewards').values({ vendor_id: vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
  const started = Date.now();
  await seedActivity(deps.db, vendorId, { events, customers: 10_000, now });
  console.log(`seeded ${events.toLocaleString('en-US')} stamp events over 10,000 customers for the activity rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const auth = { authorization: `Bearer ${token}` };
  return [
    { name: ACTIVITY_BENCH_ROWS.dashboard, request: async () => ({ url: `${baseUrl}/api/dashboard/${vendorId}`, headers: auth }) },
    { name: ACTIVITY_BENCH_ROWS.activity, request: async () => ({ url: `${baseUrl}/api/activity/${vendorId}`, headers: auth }) },
    { name: ACTIVITY_BENCH_ROWS.deepPage, request: async () => ({ url: `${baseUrl}/api/activity/${vendorId}?page=100&pageSize=100`, headers: auth }) },
  ];
}
