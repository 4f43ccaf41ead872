// `npm run bench`: throughput and latency of the hot endpoints, printed beside a bare Fastify route
// measured in the same run as the yardstick. Not a test: nothing fails on a slow machine.
// BENCH_SECONDS (default 5) sets each measurement's length; BENCH_ONLY=name,name picks rows;
// BENCH_ONLY=menu runs the menu-scanning corpus (bench/menu.ts) and the stamp latency while a menu is
// read (bench/menu-responsiveness.ts); BENCH_ONLY=menu-load only the latter. BENCH_ONLY=integrity runs
// only the stamp-integrity section (bench/integrity.ts, issue 17), which a full run prints too. BENCH_ONLY=customers: the
// Customers page at 100,000 customers and a 1,000,000-row CSV export (bench/customers-scenarios.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import type { AppDeps } from '../server/deps';
import { createQrTokens } from '../server/services/qr-tokens';
import { createSessionTokens } from '../server/services/session-tokens';
import { createActivityBus } from '../server/services/activity-bus';
import { benchScenarios, type BenchContext } from './scenarios';
import { CUSTOMERS_BENCH_GROUP, runExportBench } from './customers-scenarios';
import { runDurabilityBench } from './durability';
import { runIntegrityBench } from './integrity';
import { runMenuBench } from './menu';
import { runResponsivenessBench } from './menu-responsiveness';
import { createLocalMenuScanner } from '../server/services/menu-scan';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, request: { url: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Row> {
  const result = await autocannon({
    url: request.url,
    method: (request.method ?? 'GET') as 'GET',
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function printTable(rows: Row[], yardstick: Row): void {
  const header = ['endpoint', 'req/s', '% of bare', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const lines = rows.map((r) => [
    r.name,
    String(r.requestsPerSecond),
    `${Math.round((100 * r.requestsPerSecond) / Math.max(1, yardstick.requestsPerSecond))}%`,
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  // Issue 12: menu scanning on the generated corpus (only when asked: it takes minutes).
  if (only?.includes('menu') || only?.includes('menu-load')) {
    const engine = process.env.MENU_ENGINE === 'tesseract' ? 'tesseract' : 'paddle';
    if (only.includes('menu')) await runMenuBench(() => createLocalMenuScanner({ engine }));
    await runResponsivenessBench(engine, SECONDS);
    if (only.every((name) => name === 'menu' || name === 'menu-load')) return;
    console.log('');
  }
  // Issue 17: relay detection, simulated scan by scan against the real server.
  if (!only || only.includes('integrity')) {
    await runIntegrityBench();
    if (only && only.length === 1) return;
    console.log('');
  }
  // Issue 13: SQLite's `synchronous` setting, measured both ways (SQLite only: PostgreSQL has its own fsync).
  if (!process.env.DATABASE_URL && (!only || only.includes('durability'))) {
    await runDurabilityBench(SECONDS);
    if (only && only.length === 1) return;
    console.log('');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local' }), stampCooldownMinutes: 0 };
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const secret = 'bench-secret-bench-secret-bench-secret-bench';
  const deps: AppDeps = {
    config,
    db,
    secret,
    sessions: createSessionTokens(secret, 24),
    qrTokens: createQrTokens(secret, Date.now),
    mailer: { send: async () => undefined, close: () => undefined },
    menuScanner: { scan: async () => [], close: async () => undefined },
    activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db),
    now: Date.now,
  };
  const app = await buildApp(deps);
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const context: BenchContext = { deps, baseUrl: appUrl };
  const scenarios = await benchScenarios(context);

  console.log(`Stampwise bench: ${SECONDS}s per row, ${CONNECTIONS} connections, ${db.dialect}, node ${process.version}, ${os.cpus().length} cores\n`);
  const yardstick = await measure('bare Fastify route (yardstick)', { url: `${bareUrl}/bare` });
  const rows: Row[] = [yardstick];
  for (const scenario of scenarios) {
    if (only && !only.includes(scenario.name) && !(scenario.group && only.includes(scenario.group))) continue;
    rows.push(await measure(scenario.name, await scenario.request()));
  }
  printTable(rows, yardstick);
  // Issue 19: a 1,000,000-row streamed CSV export, its time and the memory it takes.
  if (only?.includes(CUSTOMERS_BENCH_GROUP)) await runExportBench(context);

  await bare.close();
  await app.close();
  await deps.activityBus.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
