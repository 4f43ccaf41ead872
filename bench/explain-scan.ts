// Which queries a refused scan runs, what each costs and SQLite's plan for it (a profiling aid):
// `npx tsx bench/explain-scan.ts`. Scans a store's flyer code twice as one customer (the second is refused
// by the cooldown) on a SQLite file, then times every query of the second scan. BENCH_SEED_EVENTS (default
// 0) first seeds a busy store beside it as `npm run bench` does (10,000 customers, then ANALYZE), so the
// planner sees the bench's table sizes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, type KyselyPlugin, type QueryId } from 'kysely';
import { REUSABLE_ARGUMENT_MARK } from '../server/db/reusable-query';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createQrTokens } from '../server/infra/qr-tokens';
import { createSessionTokens } from '../server/infra/session-tokens';
import { scan } from '../server/services/stamping';
import { createActivityBus } from '../server/infra/activity-bus';
import { createMenuScanQueue } from '../server/services/menu/scan-queue';
import { seedActivity, seedEventsFromEnv } from './seed-activity';
import { seedBenchVendor } from './seed-vendor';
import { BENCH_SECRET } from './target-info';
import type { AppDeps } from '../server/deps';

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-explain-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local' });
  const db = openDb({ sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const deps: AppDeps = {
    config, db, secret: BENCH_SECRET, sessions: createSessionTokens(BENCH_SECRET, 24), qrTokens: createQrTokens(BENCH_SECRET, Date.now),
    mailer: { send: async () => undefined, close: () => undefined }, menuScanner: { scan: async () => [], close: async () => undefined }, menuScans: createMenuScanQueue(),
    activityBus: await createActivityBus({ databaseUrl: undefined, redisUrl: undefined }, db), now: Date.now,
  };
  const events = seedEventsFromEnv(0, { allowZero: true });
  if (events > 0) {
    const busy = await seedBenchVendor(deps, { name: 'Busy', company: 'Busy Café', address: 'B' });
    await seedActivity(db, busy.vendorId, { events, customers: 10_000, now: Date.now() });
  }
  const vendor = await seedBenchVendor(deps, { name: 'V', company: 'C', address: 'A' });
  await db.kysely.insertInto('rewards').values({ vendor_id: vendor.vendorId, stamps: 10, item_id: null, item_custom: 'Tea', expiry: '2099-12-31', updated_at: Date.now() }).execute();
  const flyer = deps.qrTokens.issuePrintable(vendor.vendorId, 1);
  const first = await scan(deps, { token: flyer, credential: undefined, mayCreateCustomer: async () => true });
  const credential = first.ok ? first.response.credential : undefined;

  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const base = db.kysely;
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      const compiled = base.getExecutor().compileQuery(args.node, args.queryId);
      // A reusable query compiles once with stand-ins for its arguments; its real call is recorded below.
      if (!compiled.parameters.some((parameter) => typeof parameter === 'string' && parameter.includes(REUSABLE_ARGUMENT_MARK))) {
        seen.push({ sql: compiled.sql, parameters: compiled.parameters });
      }
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const recording = base.withPlugin(recorder);
  // Reusable queries (server/db/reusable-query.ts) run their compiled SQL through executeQuery with the
  // call's own values: recorded there, so each is timed with the values the scan really used.
  const kysely = new Proxy(recording, {
    get(target, property) {
      if (property === 'executeQuery') {
        return (query: CompiledQuery, queryId?: QueryId) => {
          seen.push({ sql: query.sql, parameters: query.parameters });
          return queryId === undefined ? target.executeQuery(query) : target.executeQuery(query, queryId);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  deps.db = { ...db, kysely };
  const refused = await scan(deps, { token: flyer, credential, mayCreateCustomer: async () => true });
  console.log(`second scan: ${refused.ok ? 'accepted' : refused.refusal.code}; ${seen.length} queries`);
  for (const query of seen) {
    const statement = CompiledQuery.raw(query.sql, [...query.parameters]);
    const rounds = 2000;
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) await base.executeQuery(statement);
    const micros = ((performance.now() - started) * 1000) / rounds;
    const plan = await base.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
    console.log(`${micros.toFixed(0).padStart(5)} µs  ${query.sql.slice(0, 140)}\n         ${plan.rows.map((r) => r.detail).join(' | ')}`);
  }
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
