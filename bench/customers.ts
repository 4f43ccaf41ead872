// BENCH_ONLY=customers: the Customers page of a store with 100,000 customers and a streamed
// 1,000,000-row activity export, against the app in this process (the seed writes through its deps).
// Three parts, each beside a yardstick measured in the same run:
// 1. throughput rows (autocannon, BENCH_CONNECTIONS clients) as a share of a bare Fastify route;
// 2. every page query (each filter, sort and direction, first page and one half-way down the store)
//    one request at a time, p50 against the budget in bench/budgets.json (customers.pageP50Ms), beside
//    the bare route's p50 measured the same way; and each query's plan, checked for whole-table scans;
// 3. the activity export's rows/s beside reading the same rows from the database alone.
import { benchDeps } from './bench-deps';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import { explainPage, listPageQueries, type PageQuery } from './customers-plans';
import { customersScenarios, runExportBench, seededStore } from './customers-scenarios';
import { measure, type Row } from './load';

interface CustomersBudgets {
  customers: { pageP50Ms: number; exportShareOfRead: number };
}

/** Requests per page query, one at a time, after two to warm up; the p50 of these. */
const SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 15);

async function p50Of(url: string, headers: Record<string, string> = {}): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 2; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function runCustomersBench(seconds: number, connections: number): Promise<void> {
  const budgets = JSON.parse(fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8')) as CustomersBudgets;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local' }), stampCooldownMinutes: 0 };
  // The seed writes a million rows in one statement: longer than the app's 10 s statement limit on a busy machine.
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath, statementTimeoutMs: 600_000 });
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
    console.log(`\nCustomers page (${db.dialect}, ${connections} connections, ${seconds} s per row; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    for (const row of rows) {
      const share = (100 * row.requestsPerSecond) / Math.max(1, yardstick.requestsPerSecond);
      console.log(`  ${row.name.padEnd(56)} ${String(row.requestsPerSecond).padStart(7)} req/s  ${share.toFixed(1).padStart(5)}%  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms`);
    }

    const verdicts = await runPageMatrix({ deps, baseUrl, bareUrl, budget: budgets.customers.pageP50Ms });
    // BENCH_CUSTOMERS_EXPORT=0 leaves the export out (it reads 1.1 million rows twice: minutes on a busy machine).
    if (process.env.BENCH_CUSTOMERS_EXPORT !== '0') {
      const exported = await runExportBench({ deps, baseUrl });
      const share = (100 * exported.rowsPerSecond) / exported.readPerSecond;
      const goal = budgets.customers.exportShareOfRead;
      verdicts.push(`activity export ≥ ${goal}% of the database read's rows/s: ${share >= goal ? 'met' : 'MISSED'} (${share.toFixed(0)}%, ${Math.round(exported.rowsPerSecond).toLocaleString('en-US')} rows/s)`);
    }
    const missed = verdicts.filter((v) => v.includes('MISSED')).length;
    console.log(`\nBudgets (bench/budgets.json, customers): ${verdicts.length - missed} met, ${missed} missed`);
    for (const verdict of verdicts) console.log(`  ${verdict}`);
  } finally {
    await bare.close();
    await app.close();
    await deps.activityBus.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPageMatrix(context: { deps: Parameters<typeof seededStore>[0]['deps']; baseUrl: string; bareUrl: string; budget: number }): Promise<string[]> {
  const { deps, baseUrl, bareUrl, budget } = context;
  const { vendorId, auth } = await seededStore({ deps, baseUrl });
  const pages = await listPageQueries(deps.db.kysely, vendorId);
  const bareP50 = await p50Of(`${bareUrl}/bare`);
  const results: { page: PageQuery; p50: number; plan: string; fullScans: string[] }[] = [];
  for (const page of pages) {
    const p50 = await p50Of(`${baseUrl}/api/customers/${vendorId}${page.query}`, auth);
    const report = await explainPage(deps.db.kysely, deps.db.dialect, vendorId, page, deps.now());
    results.push({ page, p50, plan: report.plan, fullScans: report.fullScans });
  }
  console.log(`\nEvery page query, one request at a time (p50 of ${SAMPLES}, ms; w = walks the sort index, g = gathers the filter's range).`);
  console.log(`Yardstick: the bare Fastify route, measured the same way: p50 ${bareP50.toFixed(2)} ms. Budget: a page's p50 at most ${budget} ms beyond the bare route's.`);
  const columns = results.filter((r) => r.page.filter.name === 'all' && !r.page.after).map((r) => `${r.page.sort} ${r.page.order}`);
  console.log(`  ${'filter, page'.padEnd(22)} ${columns.map((c) => c.padStart(19)).join('')}`);
  for (const filter of [...new Set(results.map((r) => r.page.filter.name))]) {
    for (const deep of [false, true]) {
      const line = results.filter((r) => r.page.filter.name === filter && Boolean(r.page.after) === deep);
      console.log(`  ${`${filter}, ${deep ? 'half-way' : 'first'}`.padEnd(22)} ${line.map((r) => `${r.p50.toFixed(1)} ${r.plan[0]}`.padStart(19)).join('')}`);
    }
  }
  // The budget is the page's own cost: its p50 beyond the bare route's, so the wait for a CPU on a
  // loaded machine (which the bare route pays too) is not counted against the query.
  const verdicts: string[] = [];
  for (const filter of [...new Set(results.map((r) => r.page.filter.name))]) {
    const worst = results.filter((r) => r.page.filter.name === filter).reduce((a, b) => (b.p50 > a.p50 ? b : a));
    const where = `${worst.page.sort} ${worst.page.order}, ${worst.page.after ? 'half-way' : 'first page'}`;
    const own = worst.p50 - bareP50;
    verdicts.push(`Customers page, ${filter}: slowest p50 beyond the bare route's ≤ ${budget} ms: ${own <= budget ? 'met' : 'MISSED'} (${worst.p50.toFixed(1)} ms − ${bareP50.toFixed(1)} ms = ${own.toFixed(1)} ms; ${where})`);
  }
  const scans = results.filter((r) => r.fullScans.length > 0);
  verdicts.push(`Customers page plans without a whole-table scan: ${scans.length === 0 ? 'met' : 'MISSED'} (${results.length - scans.length} of ${results.length})`);
  for (const r of scans) console.log(`  whole-table scan: ${r.page.filter.name} ${r.page.sort} ${r.page.order}: ${r.fullScans.join(' | ')}`);
  return verdicts;
}
