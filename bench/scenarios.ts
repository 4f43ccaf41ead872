// The hot endpoints the bench measures, each with the data it needs seeded first.
import crypto from 'node:crypto';
import type { AppDeps } from '../server/deps';
import { activityScenarios } from './activity-scenarios';
import { customersScenarios } from './customers-scenarios';
import { seedBenchVendor } from './seed-vendor';

export interface BenchContext {
  deps: AppDeps;
  baseUrl: string;
}

export interface BenchScenario {
  name: string;
  /** BENCH_ONLY=<group> runs every row of the group (issue 19: `customers`). */
  group?: string;
  request(): Promise<{ url: string; method?: string; headers?: Record<string, string>; body?: string }>;
}

/** The vendor of the light rows: a profile and 20 menu items. */
async function seedVendor(deps: AppDeps): Promise<{ vendorId: string; token: string }> {
  const now = Date.now();
  const vendor = await seedBenchVendor(deps, { name: 'Bench Vendor', company: 'Bench Café', address: '1 Bench Street' }, now);
  for (let i = 0; i < 20; i += 1) {
    await deps.db.kysely
      .insertInto('menu_items')
      .values({ id: crypto.randomUUID(), vendor_id: vendor.vendorId, name: `Item ${i}`, price_cents: 300 + i * 10, created_at: now + i })
      .execute();
  }
  return vendor;
}

export async function benchScenarios({ deps, baseUrl }: BenchContext): Promise<BenchScenario[]> {
  const vendor = await seedVendor(deps);
  const auth = { authorization: `Bearer ${vendor.token}` };
  return [
    { name: 'GET /api/health', request: async () => ({ url: `${baseUrl}/api/health` }) },
    { name: 'GET /api/vendor/:id', request: async () => ({ url: `${baseUrl}/api/vendor/${vendor.vendorId}`, headers: auth }) },
    { name: 'GET /api/rewards/:id', request: async () => ({ url: `${baseUrl}/api/rewards/${vendor.vendorId}`, headers: auth }) },
    { name: 'GET /api/qrcode/generate/:id', request: async () => ({ url: `${baseUrl}/api/qrcode/generate/${vendor.vendorId}`, headers: auth }) },
    // Issue 7: dashboard and activity of a store with BENCH_SEED_EVENTS (default 1,000,000) stamp events.
    ...(await activityScenarios({ deps, baseUrl })),
    // Issue 19: the Customers page of a store with 100,000 customers (BENCH_ONLY=customers).
    ...(await customersScenarios({ deps, baseUrl })),
  ];
}
