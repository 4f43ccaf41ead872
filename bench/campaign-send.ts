// The campaign section of `npm run bench` (BENCH_ONLY=campaign-send): the stamp's p99 with and without a
// campaign being sent to 10,000 customers in the same process (planned, then mailed by the campaign runner
// to a mail transport that accepts at once), as a multiple of the bare route's p99 measured in the same
// run and as a share of the no-send p99 (taken in turns with the mailing), against bench/budgets.json.
// SQLite by default; PostgreSQL with DATABASE_URL. Nothing fails: it prints the rows and the budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import { createJobRunner } from '../server/infra/jobs';
import { createRequestsInFlight } from '../server/infra/requests-in-flight';
import { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, campaignRunnerPace, campaignChannels, campaignDeliveryJobHandlers, planCampaignMessages } from '../server/services/campaign-delivery';
import { PLAN_SIZES } from '../server/services/campaign-delivery/planner';
import { benchDeps } from './bench-deps';
import { seedCampaignStore } from './seed-campaign-store';
import { percentile } from './percentile';

const CUSTOMERS = Number(process.env.BENCH_CAMPAIGN_CUSTOMERS ?? 10_000);
const SCANS = Number(process.env.BENCH_CAMPAIGN_SCANS ?? 300);
/** Stamps per turn when the runs with and without the send alternate. */
const BLOCK = 25;
/**
 * The pause between one stamp's answer and the next stamp, in every row: a counter has moments between
 * customers, and a send that waits for a moment between requests (as the campaign plan and sends do) runs
 * in them. 0 times stamps back to back, where such a send does almost nothing while stamps are timed.
 */
const GAP_MS = Number(process.env.BENCH_CAMPAIGN_GAP_MS ?? 10);
/** Messages per plan transaction: the server's own by default; set to compare sizes. */
const PLAN_CHUNK = Number(process.env.BENCH_CAMPAIGN_CHUNK ?? PLAN_SIZES.chunkSize);

interface CampaignSendBudgets {
  /** A stamp's p99 while a send is planned or mailed, as % of its p99 without one, taken in turns (at most). */
  stampP99WithSendPercent: number;
}

async function timeEach(count: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    await work(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (GAP_MS > 0) await pause(GAP_MS);
  }
  return times.sort((a, b) => a - b);
}

export async function runCampaignSendBench(): Promise<void> {
  const budgets = (JSON.parse(fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8')) as { campaignSend: CampaignSendBudgets }).campaignSend;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-campaign-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn', STAMP_COOLDOWN_MINUTES: '0' });
  // On PostgreSQL a schema of its own, dropped at the end: a run never sends an earlier run's campaign.
  const pgSchema = process.env.DATABASE_URL ? `bench_campaign_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath, pgSchema });
  await migrateToLatest(db);
  let mailed = 0;
  const deps = {
    ...benchDeps(config, db, { activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db) }),
    mailer: { send: async () => void (mailed += 1), close: () => undefined },
    requestsInFlight: createRequestsInFlight(),
  };
  const app = await buildApp(deps);
  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  const runner = createJobRunner({ db, handlers: campaignDeliveryJobHandlers(deps, campaignChannels(deps)), owner: 'bench', maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS, backoff: CAMPAIGN_JOB_BACKOFF, ...campaignRunnerPace(db.dialect, deps.requestsInFlight) });
  try {
    const now = Date.now();
    const vendor = await seedCampaignStore(deps, CUSTOMERS, now);
    // A stamp as a new customer (no cooldown, no credential): one per address, as phones at a counter.
    const stamp = (i: number) => app.inject({ method: 'POST', url: '/api/customer/scan', payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token }, remoteAddress: `10.9.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` });
    const bareTimes = await timeEach(SCANS, () => bare.inject({ method: 'GET', url: '/' }));
    // The rows below are to differ only in the send. A store's tables are long vacuumed and analyzed: on
    // PostgreSQL the seed's 10,000 customers and cards would otherwise be, by autovacuum, in whichever row
    // it comes, and the stamp's queries planned without statistics until then. The stamp's code is warmed
    // up as long as a row: the first row after 25 stamps was the slowest with no send at all.
    if (db.dialect === 'postgres') await sql`VACUUM (ANALYZE) customers, stamp_cards, vendors`.execute(db.kysely);
    const warmUp = await timeEach(SCANS, (i) => stamp(i));
    let stamped = warmUp.length;
    // The same row with no send, just before the plan: its share of the no-send p99 taken in turns later
    // says how much the place of the planned row alone moves it (no send in either).
    const beforePlan = await timeEach(SCANS, (i) => stamp(stamped + i));
    stamped += SCANS;

    await db.kysely
      .insertInto('campaigns')
      .values({ id: crypto.randomUUID(), vendor_id: vendor.vendorId, title: 'Bench week', description: 'Two stamps a coffee.', audience: 'all', start_at: now - 1000, end_at: now + 86_400_000, promotion_type: 'discount', items: '["Coffee"]', notification_frequency: 'once', ab_testing: 0, budget: 50, paused_at: null, ended_at: null, created_by: null, created_at: now, updated_at: now })
      .execute();
    // The plan (10,000 rows and jobs written) is one call: stamps measured while it runs.
    const planStarted = performance.now();
    const plan = planCampaignMessages(deps, campaignChannels(deps), { ...PLAN_SIZES, chunkSize: PLAN_CHUNK });
    const duringPlan = await timeEach(SCANS, (i) => stamp(stamped + i));
    stamped += SCANS;
    const plannedDuring = Number((await db.kysely.selectFrom('campaign_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    await plan;
    const planSeconds = (performance.now() - planStarted) / 1000;
    // The mailing, as a server runs it (the campaign runner polling in the background), switched on and off
    // block by block: the stamps with and without the send are taken in turns, so both sides see the same
    // machine (other work on a shared machine moves both alike).
    const quiet: number[] = [];
    const duringMail: number[] = [];
    let mailedDuring = 0;
    let mailingMs = 0;
    for (let block = 0; block < SCANS / BLOCK; block += 1) {
      quiet.push(...(await timeEach(BLOCK, (i) => stamp(stamped + i))));
      stamped += BLOCK;
      const mailedBefore = mailed;
      const blockStarted = performance.now();
      runner.start();
      duringMail.push(...(await timeEach(BLOCK, (i) => stamp(stamped + i))));
      stamped += BLOCK;
      // What went out while the stamps were timed (the batch in hand finishes after them, untimed).
      mailedDuring += mailed - mailedBefore;
      mailingMs += performance.now() - blockStarted;
      await runner.stop();
    }
    quiet.sort((a, b) => a - b);
    duringMail.sort((a, b) => a - b);
    // The rate a steady stream of stamps leaves the send: the runner on throughout (the blocks above start
    // and stop it every 25 stamps, each start waiting for its first turn).
    const mailedBeforeSteady = mailed;
    const steadyStarted = performance.now();
    runner.start();
    const duringSteady = await timeEach(SCANS, (i) => stamp(stamped + i));
    stamped += SCANS;
    const steadyMailed = mailed - mailedBeforeSteady;
    const steadyMs = performance.now() - steadyStarted;
    await runner.stop();

    const bareP99 = percentile(bareTimes, 99);
    const quietP99 = percentile(quiet, 99);
    const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
    console.log(`Campaign send (BENCH_ONLY=campaign-send, ${dialect}; ${CUSTOMERS} customers, ${SCANS} stamps each row, ${GAP_MS} ms apart; ${PLAN_CHUNK} messages a plan chunk; the runner paced: ${JSON.stringify(campaignRunnerPace(db.dialect))})`);
    console.log(`  bare route (inject, in process)         p99 ${bareP99.toFixed(2)} ms (the yardstick)`);
    for (const [name, times] of [
      ['stamp, no send (in turns with the next)', quiet],
      ['stamp, while the send is mailed', duringMail],
      ['stamp, no send, just before the plan', beforePlan],
      ['stamp, while the send is planned', duringPlan],
    ] as const) {
      const p99 = percentile(times, 99);
      console.log(`  ${name.padEnd(40)} p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${(p99 / bareP99).toFixed(0)}× the yardstick; ${((100 * p99) / quietP99).toFixed(0)}% of the no-send p99)`);
    }
    console.log(
      `  planned while measured: ${plannedDuring} of ${CUSTOMERS} (the whole plan took ${planSeconds.toFixed(1)} s); ` +
        `mailed while measured: ${mailedDuring} in ${(mailingMs / 1000).toFixed(1)} s (${((1000 * mailedDuring) / mailingMs).toFixed(0)}/s beside the stamps)`,
    );
    console.log(
      `  steady: ${SCANS} stamps with the runner on throughout: mailed ${steadyMailed} in ${(steadyMs / 1000).toFixed(1)} s (${((1000 * steadyMailed) / steadyMs).toFixed(0)}/s); ` +
        `stamp p50 ${percentile(duringSteady, 50).toFixed(1)} ms, p99 ${percentile(duringSteady, 99).toFixed(1)} ms (${((100 * percentile(duringSteady, 99)) / quietP99).toFixed(0)}% of the no-send p99, not taken in turns)`,
    );
    const mailShare = (100 * percentile(duringMail, 99)) / quietP99;
    const planShare = (100 * percentile(duringPlan, 99)) / quietP99;
    const budget = budgets.stampP99WithSendPercent;
    console.log(`  budget: stamp p99 during a send ≤ ${budget}% of the no-send p99: mailing ${mailShare.toFixed(0)}% ${mailShare <= budget ? 'met' : 'MISSED'}, planning ${planShare.toFixed(0)}% ${planShare <= budget ? 'met' : 'MISSED'}`);
  } finally {
    await runner.stop();
    await app.close();
    await bare.close();
    await deps.activityBus.close();
    if (pgSchema) await sql`DROP SCHEMA ${sql.id(pgSchema)} CASCADE`.execute(db.kysely);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
