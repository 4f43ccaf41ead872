// The write-ahead log a campaign plan writes on PostgreSQL, beside one stamp's (`DATABASE_URL=… npx tsx
// bench/campaign-wal.ts`): the log position before and after planning 10,000 messages, and before and
// after each of a run of stamps, with the growth of each table and index the plan writes. A stamp's commit
// waits until the log is on disk up to its own record, so the log the plan writes meanwhile is log the
// stamp's flush may have to write too. Bytes, not times: they do not depend on the machine's load, except
// that the log is the whole server's (another database's writes land in the same log, so the smallest of
// the stamps and of the repeated plans is the figure; an idle wait of the plan's length shows the rest).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb, type Db } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import { createJobRunner } from '../server/infra/jobs';
import { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, campaignChannels, campaignDeliveryJobHandlers, planCampaignMessages } from '../server/services/campaign-delivery';
import { benchDeps } from './bench-deps';
import { seedCampaignStore } from './seed-campaign-store';

const CUSTOMERS = Number(process.env.BENCH_CAMPAIGN_CUSTOMERS ?? 10_000);
const STAMPS = 40;
const PLANS = Number(process.env.BENCH_WAL_PLANS ?? 3);
/** Messages sent after the first plan, to measure the log of a send (the attempting mark, the settle, the job's claim and completion). */
const SENDS = 400;

async function walPosition(db: Db): Promise<bigint> {
  const { rows } = await sql<{ lsn: string }>`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS lsn`.execute(db.kysely);
  return BigInt(rows[0]!.lsn);
}

/** Bytes of each table, index and TOAST relation of the schema (heap and index pages as written). */
async function relationSizes(db: Db, schema: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; bytes: string }>`
    SELECT c.relname AS name, pg_relation_size(c.oid)::text AS bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'i')`.execute(db.kysely);
  return new Map(rows.map((row) => [row.name, Number(row.bytes)]));
}

/** Rows each table of the schema has inserted, updated (in place or not) and deleted, as PostgreSQL counts them. */
async function rowCounts(db: Db, schema: string): Promise<Map<string, { ins: number; upd: number; hot: number; del: number }>> {
  // An idle connection reports its counts within 10 s (PostgreSQL's idle interval): wait for the pool's last ones.
  await pause(11_000);
  const { rows } = await sql<{ name: string; ins: string; upd: string; hot: string; del: string }>`
    SELECT relname AS name, n_tup_ins::text AS ins, n_tup_upd::text AS upd, n_tup_hot_upd::text AS hot, n_tup_del::text AS del
    FROM pg_stat_user_tables WHERE schemaname = ${schema} AND relname IN ('jobs', 'campaign_messages')`.execute(db.kysely);
  return new Map(rows.map((row) => [row.name, { ins: Number(row.ins), upd: Number(row.upd), hot: Number(row.hot), del: Number(row.del) }]));
}

const kib = (bytes: number | bigint): string => `${(Number(bytes) / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('the write-ahead log is PostgreSQL’s: set DATABASE_URL');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-campaign-wal-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn', STAMP_COOLDOWN_MINUTES: '0' });
  const schema = `bench_wal_${crypto.randomBytes(6).toString('hex')}`;
  const db = openDb({ databaseUrl, sqlitePath: config.sqlitePath, pgSchema: schema });
  await migrateToLatest(db);
  const deps = benchDeps(config, db, { activityBus: await createActivityBus({ databaseUrl, redisUrl: undefined }, db) });
  const app = await buildApp(deps);
  try {
    const now = Date.now();
    const vendor = await seedCampaignStore(deps, CUSTOMERS, now);
    await sql`CHECKPOINT`.execute(db.kysely).catch(() => undefined);
    const stamp = (i: number) => app.inject({ method: 'POST', url: '/api/customer/scan', payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token }, remoteAddress: `10.9.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` });
    const stampBytes: number[] = [];
    for (let i = 0; i < STAMPS; i += 1) {
      const before = await walPosition(db);
      const answer = await stamp(i);
      if (answer.statusCode !== 200) throw new Error(`stamp answered ${answer.statusCode}`);
      stampBytes.push(Number((await walPosition(db)) - before));
    }
    stampBytes.sort((a, b) => a - b);
    console.log(`Campaign plan's write-ahead log (PostgreSQL; ${CUSTOMERS} customers, e-mail reachable)`);
    console.log(`  one stamp: smallest ${stampBytes[0]} B, median ${stampBytes[Math.floor(STAMPS / 2)]} B (of ${STAMPS})`);

    for (let run = 0; run < PLANS; run += 1) {
      const campaignId = crypto.randomUUID();
      await db.kysely
        .insertInto('campaigns')
        .values({ id: campaignId, vendor_id: vendor.vendorId, title: 'Bench week', description: 'Two stamps a coffee.', audience: 'all', start_at: now - 1000, end_at: now + 86_400_000, promotion_type: 'discount', items: '["Coffee"]', notification_frequency: 'once', ab_testing: 0, budget: 50, paused_at: null, ended_at: null, created_by: null, created_at: now, updated_at: now })
        .execute();
      const sizesBefore = await relationSizes(db, schema);
      const before = await walPosition(db);
      const started = performance.now();
      // The weekly cap (2 occasions a customer) leaves the third plan nobody: each run plans its own campaign,
      // and the campaigns before it are ended first.
      const planned = await planCampaignMessages({ db, now: () => now }, campaignChannels(deps));
      const planMs = performance.now() - started;
      const bytes = Number((await walPosition(db)) - before);
      const idleBefore = await walPosition(db);
      await pause(Math.min(planMs, 5000));
      const idleBytes = Number((await walPosition(db)) - idleBefore);
      const sizesAfter = await relationSizes(db, schema);
      const grown = [...sizesAfter].map(([name, size]) => [name, size - (sizesBefore.get(name) ?? 0)] as const).filter(([, growth]) => growth > 0);
      console.log(
        `  plan ${run + 1}: ${planned} messages, ${kib(bytes)} of log (${(bytes / Math.max(1, planned)).toFixed(0)} B a message) in ${(planMs / 1000).toFixed(1)} s; ` +
          `the server's log while idle as long: ${kib(idleBytes)}`,
      );
      console.log(`    grown: ${grown.map(([name, growth]) => `${name} ${kib(growth)}`).join(', ')}`);
      if (run === 0) {
        const runner = createJobRunner({ db, handlers: campaignDeliveryJobHandlers({ ...deps, now: () => now }, campaignChannels(deps)), owner: 'wal', now: () => now, maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS, backoff: CAMPAIGN_JOB_BACKOFF });
        const rowsBefore = await rowCounts(db, schema);
        const sendStart = await walPosition(db);
        let sent = 0;
        // Each batch's log apart too: other databases of the server write to the same log meanwhile, so the
        // smallest batch's figure is the send's own.
        const batchBytes: number[] = [];
        for (let ran = -1; sent < SENDS && ran !== 0; ) {
          const batchStart = await walPosition(db);
          ran = await runner.runOnce();
          if (ran > 0) batchBytes.push(Number((await walPosition(db)) - batchStart) / ran);
          sent += ran;
        }
        const sendBytes = Number((await walPosition(db)) - sendStart);
        await runner.stop();
        batchBytes.sort((a, b) => a - b);
        // Rows written, which do not depend on the load: each insert, and each update not made in place, writes
        // an entry in every index of its table; an update in place (HOT) or a delete writes none.
        const rowsAfter = await rowCounts(db, schema);
        const rowWrites = ['jobs', 'campaign_messages'].map((table) => {
          const [after, before] = [rowsAfter.get(table), rowsBefore.get(table)];
          if (!after || !before) return `${table} ?`;
          const per = (n: number) => (n / sent).toFixed(2);
          return `${table} ${per(after.ins - before.ins)} inserted, ${per(after.upd - before.upd)} updated (${per(after.hot - before.hot)} in place), ${per(after.del - before.del)} deleted`;
        });
        console.log(`  send, rows a message: ${rowWrites.join('; ')}`);
        console.log(
          `  send: ${sent} messages, ${kib(sendBytes)} of log (${(sendBytes / sent).toFixed(0)} B a message); ` +
            `per batch of the runner: smallest ${batchBytes[0]?.toFixed(0)} B a message, median ${batchBytes[Math.floor(batchBytes.length / 2)]?.toFixed(0)} B`,
        );
      }
      await db.kysely.updateTable('campaigns').set({ ended_at: now }).where('id', '=', campaignId).execute();
      await sql`TRUNCATE campaign_messages, jobs`.execute(db.kysely);
    }
  } finally {
    await app.close();
    await deps.activityBus.close();
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db.kysely);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
