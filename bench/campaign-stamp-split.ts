// Where a stamp's time goes while a campaign is planned, on PostgreSQL (`DATABASE_URL=… npx tsx
// bench/campaign-stamp-split.ts`): 300 stamps with no send, 300 while the 10,000-message plan runs, and 300
// with no send again, 10 ms apart, as the campaign bench takes them. The first phase comes right after the
// seed and 25 stamps, where the bench's planned row once came: set against the third, it shows what that
// place alone costs a stamp (on PostgreSQL the seed's tables are not yet analyzed, and the code is cold). Per stamp: the wait for a pooled
// connection, its statements, its COMMIT (which waits until the write-ahead log is on disk up to its own
// record), and the rest (its work in this thread), and whether a plan step (a chunk, or a read of the plan)
// was running in the database meanwhile. Per plan step: how long after the app's last answer it began, and
// whether it was still running when the next stamp came. Per phase: the event loop's delay (perf_hooks),
// the log the server wrote and flushed (pg_stat_wal, the whole server's), and what the app's connections
// were doing, sampled every 5 ms from pg_stat_activity. SPLIT_STATEMENTS=1 adds each stamp statement's times.
// It counts and times; the campaign bench (`BENCH_ONLY=campaign-send`) stays the one that says whether the budget holds.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import { createRequestsInFlight } from '../server/infra/requests-in-flight';
import { campaignChannels, planCampaignMessages } from '../server/services/campaign-delivery';
import { benchDeps } from './bench-deps';
import { seedCampaignStore } from './seed-campaign-store';
import { percentile } from './percentile';

const CUSTOMERS = 10_000;
const SCANS = 300;
const GAP_MS = 10;
/** The app's pools, told apart by their size (server/db/index.ts): 10 the main pool, 3 the reads. */
const MAIN_POOL = 10;
const READ_POOL = 3;

interface Span {
  startedAt: number;
  endedAt: number;
}

interface QueryEvent extends Span {
  text: string;
  pool: number;
}

const queries: QueryEvent[] = [];
const poolWaits: (Span & { pool: number })[] = [];
let recording = false;
/** The server processes of the read pool's connections (the plan's reads), to tell them apart in pg_stat_activity. */
const readBackends = new Set<number>();

// Every query of the app's pooled clients, timed. The clients are patched on the prototype, before the
// pools exist; pg's own types do not describe the call shapes Kysely uses, hence the casts.
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client & { poolSize?: number }, ...args: unknown[]) {
  const result = clientQuery.apply(this, args);
  if (recording && this.poolSize !== undefined && result instanceof Promise && typeof args[0] === 'string') {
    const event: QueryEvent = { text: args[0], pool: this.poolSize, startedAt: performance.now(), endedAt: Number.POSITIVE_INFINITY };
    queries.push(event);
    const ended = () => void (event.endedAt = performance.now());
    void result.then(ended, ended);
  }
  return result;
};
const poolConnect = pg.Pool.prototype.connect as (this: pg.Pool) => Promise<pg.PoolClient>;
(pg.Pool.prototype as unknown as { connect: (this: pg.Pool & { options: { max: number } }) => Promise<pg.PoolClient> }).connect = async function (this: pg.Pool & { options: { max: number } }) {
  const startedAt = performance.now();
  const client = await poolConnect.call(this);
  (client as unknown as { poolSize: number }).poolSize = this.options.max;
  const backend = (client as unknown as { processID?: number }).processID;
  if (this.options.max === READ_POOL && backend !== undefined) readBackends.add(backend);
  if (recording) poolWaits.push({ pool: this.options.max, startedAt, endedAt: performance.now() });
  return client;
};

const ascending = (values: number[]) => values.sort((a, b) => a - b);
const spread = (values: number[]) => {
  const sorted = ascending([...values]);
  return `p50 ${percentile(sorted, 50).toFixed(2)} p90 ${percentile(sorted, 90).toFixed(2)} p99 ${percentile(sorted, 99).toFixed(2)} ms`;
};
const isChunk = (q: QueryEvent) => q.pool === MAIN_POOL && q.text.includes('redoable_commit');
const isPlanStep = (q: QueryEvent) => isChunk(q) || q.pool === READ_POOL;

interface Stamp extends Span {
  poolWait: number;
  statements: number;
  commit: number;
  /** Whether a plan step ran in the database during the stamp. */
  beside: boolean;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL=postgres://… please: this split is of PostgreSQL');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-split-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn', STAMP_COOLDOWN_MINUTES: '0' });
  const pgSchema = `bench_split_${crypto.randomBytes(6).toString('hex')}`;
  const db = openDb({ databaseUrl, sqlitePath: config.sqlitePath, pgSchema, applicationName: pgSchema });
  await migrateToLatest(db);
  const deps = {
    ...benchDeps(config, db, { activityBus: await createActivityBus({ databaseUrl, redisUrl: undefined }, db) }),
    mailer: { send: async () => undefined, close: () => undefined },
    requestsInFlight: createRequestsInFlight(),
  };
  // The moments the app's answers went out, as the plan's pacing sees them.
  const answers: number[] = [];
  const finished = deps.requestsInFlight.finished.bind(deps.requestsInFlight);
  deps.requestsInFlight.finished = (request) => {
    answers.push(performance.now());
    finished(request);
  };
  const app = await buildApp(deps);
  const sampler = new pg.Client({ connectionString: databaseUrl });
  await sampler.connect();
  try {
    const now = Date.now();
    const vendor = await seedCampaignStore(deps, CUSTOMERS, now);
    let stamped = 0;
    const stamp = () => {
      const i = stamped++;
      return app.inject({ method: 'POST', url: '/api/customer/scan', payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token }, remoteAddress: `10.9.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` });
    };
    for (let i = 0; i < 25; i += 1) await stamp();
    const wal = async () => (await sampler.query<Record<'wal_bytes' | 'wal_write' | 'wal_sync', string>>('SELECT wal_bytes, wal_write, wal_sync FROM pg_stat_wal')).rows[0]!;

    const phase = async (name: string, background?: () => Promise<unknown>) => {
      const activity = new Map<string, number>();
      let sampling = true;
      const sampled = (async () => {
        while (sampling) {
          const { rows } = await sampler.query<{ pid: number; chunk: boolean; wait: string }>(
            `SELECT pid, query LIKE '%redoable_commit%' AS chunk, coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS wait
             FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'`,
            [pgSchema],
          );
          for (const row of rows) {
            const what = `${row.chunk ? 'plan chunk' : readBackends.has(row.pid) ? 'plan read' : 'stamp'} ${row.wait}`;
            activity.set(what, (activity.get(what) ?? 0) + 1);
          }
          await pause(5);
        }
      })();
      const walBefore = await wal();
      const loop = monitorEventLoopDelay({ resolution: 1 });
      queries.length = 0;
      poolWaits.length = 0;
      answers.length = 0;
      recording = true;
      loop.enable();
      const phaseStarted = performance.now();
      let backgroundMs = 0;
      const work = background?.().then(() => void (backgroundMs = performance.now() - phaseStarted));
      const stamps: Stamp[] = [];
      for (let i = 0; i < SCANS; i += 1) {
        const startedAt = performance.now();
        await stamp();
        const endedAt = performance.now();
        const within = (span: Span) => span.startedAt >= startedAt && span.endedAt <= endedAt;
        const own = queries.filter((q) => q.pool === MAIN_POOL && !isChunk(q) && within(q));
        const time = (list: Span[]) => list.reduce((sum, q) => sum + (q.endedAt - q.startedAt), 0);
        stamps.push({
          startedAt,
          endedAt,
          poolWait: time(poolWaits.filter((w) => w.pool === MAIN_POOL && within(w))),
          statements: time(own.filter((q) => q.text !== 'commit')),
          commit: time(own.filter((q) => q.text === 'commit')),
          beside: queries.some((q) => isPlanStep(q) && q.startedAt < endedAt && q.endedAt > startedAt),
        });
        await pause(GAP_MS);
      }
      const phaseMs = performance.now() - phaseStarted;
      loop.disable();
      recording = false;
      await work;
      sampling = false;
      await sampled;
      const walAfter = await wal();
      const { rows: vacuums } = await sampler.query<{ vacuums: string; analyzes: string }>(
        'SELECT coalesce(sum(autovacuum_count), 0) AS vacuums, coalesce(sum(autoanalyze_count), 0) AS analyzes FROM pg_stat_user_tables WHERE schemaname = $1',
        [pgSchema],
      );

      console.log(`\n== ${name}: ${SCANS} stamps in ${(phaseMs / 1000).toFixed(1)} s, load ${os.loadavg()[0]!.toFixed(1)}${background ? `; the plan took ${(backgroundMs / 1000).toFixed(1)} s` : ''}`);
      console.log(`  stamp             ${spread(stamps.map((s) => s.endedAt - s.startedAt))}`);
      console.log(`    pool wait       ${spread(stamps.map((s) => s.poolWait))}`);
      console.log(`    statements      ${spread(stamps.map((s) => s.statements))}`);
      console.log(`    commit          ${spread(stamps.map((s) => s.commit))}`);
      console.log(`    this thread     ${spread(stamps.map((s) => s.endedAt - s.startedAt - s.poolWait - s.statements - s.commit))}`);
      const beside = stamps.filter((s) => s.beside).map((s) => s.endedAt - s.startedAt);
      const apart = stamps.filter((s) => !s.beside).map((s) => s.endedAt - s.startedAt);
      if (background) {
        console.log(`  stamps with a plan step running in the database: ${beside.length} (${spread(beside)}); without: ${apart.length} (${spread(apart)})`);
        // Each plan step while stamps were timed: how long after the last answer it began; whether the next stamp came before it ended.
        const steps = queries.filter((q) => isPlanStep(q) && q.startedAt < stamps.at(-1)!.endedAt);
        const ranInto: number[] = [];
        const clear: number[] = [];
        for (const step of steps) {
          const lastAnswer = answers.filter((t) => t <= step.startedAt).at(-1);
          if (lastAnswer === undefined) continue;
          const next = stamps.find((s) => s.startedAt >= step.startedAt);
          (next && next.startedAt < step.endedAt ? ranInto : clear).push(step.startedAt - lastAnswer);
        }
        const during = steps.filter((q) => stamps.some((s) => s.startedAt <= q.startedAt && q.startedAt < s.endedAt)).length;
        console.log(`  plan steps: ${steps.length}; begun while a stamp was answered ${during}; still running when the next stamp came ${ranInto.length}, begun after the last answer ${spread(ranInto)}; the others ${clear.length}, begun ${spread(clear)}`);
        console.log(`    chunks ${spread(queries.filter(isChunk).map((q) => q.endedAt - q.startedAt))}; reads ${spread(queries.filter((q) => q.pool === READ_POOL).map((q) => q.endedAt - q.startedAt))}`);
      }
      console.log(`  event loop delay p50 ${(loop.percentile(50) / 1e6).toFixed(2)} p99 ${(loop.percentile(99) / 1e6).toFixed(2)} max ${(loop.max / 1e6).toFixed(2)} ms`);
      console.log(`  pool waits over 1 ms: main ${poolWaits.filter((w) => w.pool === MAIN_POOL && w.endedAt - w.startedAt > 1).length}, reads ${poolWaits.filter((w) => w.pool === READ_POOL && w.endedAt - w.startedAt > 1).length}`);
      const walDelta = (key: keyof typeof walBefore) => Number(walAfter[key]) - Number(walBefore[key]);
      console.log(`  pg_stat_wal (the whole server): ${(walDelta('wal_bytes') / 1024).toFixed(0)} KiB written, ${walDelta('wal_write')} writes, ${walDelta('wal_sync')} syncs`);
      console.log(`  autovacuum in the bench's schema so far: ${vacuums[0]!.vacuums} vacuums, ${vacuums[0]!.analyzes} analyzes`);
      console.log(`  pg_stat_activity samples: ${[...activity].sort((a, b) => b[1] - a[1]).map(([what, n]) => `${what} ${n}`).join(', ')}`);
      if (process.env.SPLIT_STATEMENTS === '1') {
        const byText = new Map<string, number[]>();
        for (const q of queries.filter((q) => q.pool === MAIN_POOL && !isChunk(q))) {
          const text = q.text.slice(0, 60).replace(/\s+/g, ' ');
          byText.set(text, [...(byText.get(text) ?? []), q.endedAt - q.startedAt]);
        }
        for (const [text, times] of byText) console.log(`    ${text.padEnd(60)} ${String(times.length).padStart(4)} × ${spread(times)}`);
      }
    };

    await phase('no send');
    await db.kysely
      .insertInto('campaigns')
      .values({ id: crypto.randomUUID(), vendor_id: vendor.vendorId, title: 'Bench week', description: 'Two stamps a coffee.', audience: 'all', start_at: now - 1000, end_at: now + 86_400_000, promotion_type: 'discount', items: '["Coffee"]', notification_frequency: 'once', ab_testing: 0, budget: 50, paused_at: null, ended_at: null, created_by: null, created_at: now, updated_at: now })
      .execute();
    await phase('planning', () => planCampaignMessages(deps, campaignChannels(deps)));
    await phase('no send again');
  } finally {
    await sampler.end();
    await app.close();
    await deps.activityBus.close();
    await sql`DROP SCHEMA ${sql.id(pgSchema)} CASCADE`.execute(db.kysely);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
