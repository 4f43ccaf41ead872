// `BENCH_ONLY=durability npm run bench` (or part of a full run on SQLite): stamps per second through
// the stamping service itself — one transaction and commit per stamp, the work a scan's fsync costs —
// with SQLite's `synchronous` at FULL and at NORMAL (WAL mode both), each on a fresh database file.
// docs/operations.md ("Durability") states the decision this table supports.
import { benchDeps } from './bench-deps';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createInProcessActivityBus } from '../server/infra/activity-bus';
import { scan } from '../server/services/stamping';
import { seedBenchVendor } from './seed-vendor';

export interface DurabilityRow {
  mode: 'FULL' | 'NORMAL';
  stampsPerSecond: number;
  p50: number;
  p99: number;
}

const CUSTOMERS = 50;
const WORKERS = 10;

async function measureMode(mode: 'full' | 'normal', seconds: number): Promise<DurabilityRow> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stampwise-durability-${mode}-`));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local' }), stampCooldownMinutes: 0, sqliteSynchronous: mode };
  // Every stamp here is one customer's own scan of a fresh code, but many fall in one code's time slot: the
  // relay budget is not what this measures, so it is lifted out of the way.
  config.relay = { ...config.relay, codeBudgetFloor: Number.MAX_SAFE_INTEGER };
  const db = openDb({ sqlitePath: config.sqlitePath, sqliteSynchronous: mode });
  try {
    await migrateToLatest(db);
    const deps = benchDeps(config, db, { activityBus: createInProcessActivityBus() });
    const { vendorId } = await seedBenchVendor(deps, { name: 'Durable Vendor', company: 'Durable Café', address: '3 Bench Street' });
    await db.kysely.insertInto('rewards').values({ vendor_id: vendorId, stamps: 10, item_id: null, item_custom: 'Coffee', expiry: '2099-12-31', updated_at: Date.now() }).execute();

    const credentials: string[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const first = await scan(deps, { token: deps.qrTokens.issueDynamic(vendorId).token, credential: undefined, mayCreateCustomer: async () => true });
      if (!first.ok || !first.response.credential) throw new Error('could not create a bench customer');
      credentials.push(first.response.credential);
    }

    const latencies: number[] = [];
    const deadline = Date.now() + seconds * 1000;
    let next = 0;
    const worker = async () => {
      while (Date.now() < deadline) {
        const credential = credentials[next++ % credentials.length];
        const started = performance.now();
        const outcome = await scan(deps, { token: deps.qrTokens.issueDynamic(vendorId).token, credential, mayCreateCustomer: async () => true });
        if (!outcome.ok) throw new Error(`bench stamp refused: ${outcome.refusal.code}`);
        latencies.push(performance.now() - started);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: WORKERS }, worker));
    const elapsed = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return { mode: mode === 'full' ? 'FULL' : 'NORMAL', stampsPerSecond: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99) };
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both modes, FULL first; prints and answers the rows. */
export async function runDurabilityBench(seconds: number): Promise<DurabilityRow[]> {
  const rows = [await measureMode('full', seconds), await measureMode('normal', seconds)];
  console.log(`\nSQLite durability: stamps through the stamping service, ${WORKERS} at a time, ${seconds}s per row (files in ${os.tmpdir()})`);
  console.log('synchronous  stamps/s  p50 ms  p99 ms');
  console.log('-----------  --------  ------  ------');
  for (const row of rows) console.log(`${row.mode.padEnd(11)}  ${String(row.stampsPerSecond).padStart(8)}  ${row.p50.toFixed(2).padStart(6)}  ${row.p99.toFixed(2).padStart(6)}`);
  const full = rows[0].stampsPerSecond;
  const normal = rows[1].stampsPerSecond;
  console.log(`FULL keeps ${Math.round((100 * full) / Math.max(1, normal))}% of NORMAL's throughput.`);
  return rows;
}
