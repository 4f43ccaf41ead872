// BENCH_ONLY=customers (issue 19): the Customers page of a store with 100,000 customers and a streamed
// 1,000,000-row activity export, against the app in this process (the seed writes through its deps),
// each row beside a bare Fastify route measured in the same run.
import { benchDeps } from './bench-deps';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/services/activity-bus';
import { customersScenarios, runExportBench } from './customers-scenarios';
import { measure, type Row } from './load';

export async function runCustomersBench(seconds: number, connections: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local' }), stampCooldownMinutes: 0 };
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const deps = benchDeps(config, db, { activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db) });
  const app = await buildApp(deps);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const scenarios = await customersScenarios({ deps, baseUrl });
    const options = { seconds, connections };
    const yardstick = await measure('bare Fastify route (yardstick)', { url: `${bareUrl}/bare` }, options);
    const rows: Row[] = [yardstick];
    for (const scenario of scenarios) rows.push(await measure(scenario.name, await scenario.request(), options));
    console.log(`\nCustomers page (${db.dialect}, ${connections} connections, ${seconds} s per row)`);
    for (const row of rows) {
      const share = (100 * row.requestsPerSecond) / Math.max(1, yardstick.requestsPerSecond);
      console.log(`  ${row.name.padEnd(56)} ${String(row.requestsPerSecond).padStart(7)} req/s  ${share.toFixed(1).padStart(5)}%  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms`);
    }
    await runExportBench({ deps, baseUrl });
  } finally {
    await bare.close();
    await app.close();
    await deps.activityBus.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
