// Does the server stay responsive while it reads a menu? Measures the stamp endpoint
// (POST /api/customer/scan, each request a new customer collecting a stamp) idle, then while the
// real scanner reads corpus menus, and prints both p99 latencies and their ratio (goal: ≤ 2×).
// Run by `npm run bench` with BENCH_ONLY=menu (after the corpus table) or BENCH_ONLY=menu-load.
import { benchDeps } from './bench-deps';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import { createLocalMenuScanner, type OcrEngineName } from '../server/menu-scan';
import { corpus } from '../test/fixtures/menus/corpus';
import { seedBenchVendor } from './seed-vendor';

/** Stamps in flight at once: a busy café counter, not a load test. */
const CONCURRENCY = 4;

function p99(latencies: number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN;
}

export async function runResponsivenessBench(engine: OcrEngineName, seconds: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-menu-load-'));
  // trustProxy: each stamp comes from its own X-Forwarded-For address, as customers' phones do,
  // so the per-address rate limits measure nothing here.
  const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', TRUST_PROXY: 'true' }), stampCooldownMinutes: 0, trustProxy: true };
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const scanner = createLocalMenuScanner({ engine });
  const deps = benchDeps(config, db, {
    menuScanner: scanner,
    activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db),
  });
  const app = await buildApp(deps);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const { vendorId } = await seedBenchVendor(deps, { name: 'Load Vendor', company: 'Load Café', address: '1 Load Street' });
  await db.kysely.insertInto('rewards').values({ vendor_id: vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: Date.now() }).execute();

  let address = 0;
  const stampFor = async (until: () => boolean): Promise<{ latencies: number[]; failures: number }> => {
    const latencies: number[] = [];
    let failures = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (!until()) {
          address += 1;
          const token = deps.qrTokens.issueDynamic(vendorId).token;
          const started = performance.now();
          const response = await fetch(`${baseUrl}/api/customer/scan`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
            body: JSON.stringify({ token }),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          if (response.status !== 200) failures += 1;
        }
      }),
    );
    return { latencies, failures };
  };

  try {
    // Warm the scanner first (model load is not what this measures).
    const menus = corpus().filter((m) => m.kind !== 'pdf' && m.half === 'dev');
    await scanner.scan(await menus[0]!.render(), menus[0]!.kind);

    const idleEnd = Date.now() + seconds * 1000;
    const idle = await stampFor(() => Date.now() > idleEnd);

    const files = await Promise.all(menus.slice(1, 4).map(async (m) => ({ file: await m.render(), kind: m.kind })));
    let scanning = true;
    const scans = (async () => {
      for (const { file, kind } of files) await scanner.scan(file, kind);
      scanning = false;
    })();
    const busy = await stampFor(() => !scanning);
    await scans;

    const idleP99 = p99(idle.latencies);
    const busyP99 = p99(busy.latencies);
    console.log(`\nStamp endpoint while a menu is read (${engine}, ${CONCURRENCY} stamps in flight):`);
    console.log(`  idle:     ${idle.latencies.length} stamps, p99 ${idleP99.toFixed(1)} ms, non-200 ${idle.failures}`);
    console.log(`  scanning: ${busy.latencies.length} stamps during ${files.length} scans, p99 ${busyP99.toFixed(1)} ms, non-200 ${busy.failures}`);
    console.log(`  p99 ratio (goal ≤ 2): ${(busyP99 / idleP99).toFixed(2)}`);
  } finally {
    await app.close();
    await scanner.close();
    await deps.activityBus.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
