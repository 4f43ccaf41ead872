// The campaign section of `npm run bench` (BENCH_ONLY=campaign-send): the stamp's p99 with and without a
// campaign being sent to 10,000 customers in the same process (planned, then mailed by the campaign runner
// to a mail transport that accepts at once), as a multiple of the bare route's p99 measured in the same
// run and as a share of the no-send p99, against bench/budgets.json. Both the plan and the mailing are taken in
// turns with stamps that have no send beside them (the plan paused, the runner stopped), so both sides of a
// share see the same machine; each share is printed with a 95% interval (a bootstrap over the turns), and the
// no-send turns are also compared with one another (odd against even: what the share is when nothing differs).
// SQLite by default; PostgreSQL with DATABASE_URL. Nothing fails: it prints the rows and the budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import { createJobRunner } from '../server/infra/jobs';
import { createRequestsInFlight, type RequestsInFlight } from '../server/infra/requests-in-flight';
import {
  CAMPAIGN_JOB_BACKOFF,
  CAMPAIGN_JOB_MAX_ATTEMPTS,
  CAMPAIGN_PLAN_JOB,
  campaignRunnerPace,
  campaignChannels,
  campaignDeliveryJobHandlers,
  planCampaignMessages,
  planCampaignWindow,
} from '../server/services/campaign-delivery';
import { PLAN_SIZES } from '../server/services/campaign-delivery/planner';
import { timeOrderedId } from '../server/infra/time-ordered-id';
import { benchDeps } from './bench-deps';
import { seedCampaignStore } from './seed-campaign-store';
import { percentile } from './percentile';

const CUSTOMERS = Number(process.env.BENCH_CAMPAIGN_CUSTOMERS ?? 10_000);
const SCANS = Number(process.env.BENCH_CAMPAIGN_SCANS ?? 300);
/** Stamps per turn when the runs with and without the send alternate. */
const BLOCK = 25;
/**
 * Plans of the whole audience, one after the other, each a campaign of its own (the p99 of a few hundred
 * stamps is their 2nd–3rd slowest: one plan's stamps say little). Each is planned as if 10 days after the
 * one before, so the 2-a-week cap leaves every customer room, and its messages are not yet due (only the
 * first plan's are mailed).
 */
const PLANS = Number(process.env.BENCH_CAMPAIGN_PLANS ?? 12);
/**
 * Running turns a plan is measured for at most. A plan written all at once is over within them; one written
 * just ahead of the sends (CAMPAIGN_PLAN_RATE) would take its whole send, minutes, and is measured over its
 * first turns: its first run (every page read, the first window written) and the windows after it.
 */
const PLAN_TURNS = Number(process.env.BENCH_CAMPAIGN_PLAN_TURNS ?? 20);
/**
 * Older messages already in campaign_messages (settled, of campaigns long ended), as on a store that has
 * sent campaigns before: the plan writes into a table and indexes of this size. With twelve plans of 10,000
 * written all at once, the later ones wrote into 60,000–120,000 rows and slowed stamps most.
 */
const OLD_MESSAGES = Number(process.env.BENCH_CAMPAIGN_OLD_MESSAGES ?? 100_000);
/**
 * Turns with and without the mailing (BLOCK stamps each). With a quarter as many, the mailing share's 95% interval
 * spanned 50–240% on a quiet machine, far wider than the 130% budget it is judged against.
 */
const MAIL_TURNS = Number(process.env.BENCH_CAMPAIGN_MAIL_TURNS ?? 96);
const PLAN_SPACING_MS = 10 * 86_400_000;
/** Resamples of the turns for a share's 95% interval. */
const BOOTSTRAP_RESAMPLES = 2000;
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

async function timeEach(count: number, work: (i: number) => Promise<unknown>, until: () => boolean = () => false): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count && !until(); i += 1) {
    const started = process.hrtime.bigint();
    await work(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (GAP_MS > 0) await pause(GAP_MS);
  }
  return times.sort((a, b) => a - b);
}

/** A stamp's p99 in the send's turns as % of its p99 in the no-send turns, over the given turns. */
function p99Share(turns: readonly { without: readonly number[]; with: readonly number[] }[]): number {
  const p99 = (side: 'without' | 'with') => percentile(turns.flatMap((turn) => turn[side]).sort((a, b) => a - b), 99);
  return (100 * p99('with')) / p99('without');
}

/**
 * The share and its 95% interval: the turns (each a no-send turn and the send's turn after it) drawn again
 * with replacement, as many as there are, BOOTSTRAP_RESAMPLES times. Turns, not single stamps, are drawn:
 * stamps close in time are alike (the same moment of the machine, the same part of the plan).
 */
function shareWithInterval(turns: readonly { without: readonly number[]; with: readonly number[] }[]): { share: number; low: number; high: number } {
  const shares: number[] = [];
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r += 1) shares.push(p99Share(Array.from({ length: turns.length }, () => turns[Math.floor(Math.random() * turns.length)]!)));
  shares.sort((a, b) => a - b);
  return { share: p99Share(turns), low: percentile(shares, 2.5), high: percentile(shares, 97.5) };
}

function formatShare({ share, low, high }: { share: number; low: number; high: number }): string {
  return `${share.toFixed(0)}% (95% interval ${low.toFixed(0)}–${high.toFixed(0)}%)`;
}

/**
 * The app's requestsInFlight with a switch for the plan: while it is off, the plan's next step (a read or a
 * chunk) waits, so the bench can take turns with and without the plan running as it does with the runner.
 */
function pausablePlanPace(requests: RequestsInFlight) {
  let on = false;
  let resume: (() => void) | undefined;
  let stepRunning = false;
  let stepOver: (() => void) | undefined;
  let abandoned = false;
  const paced: RequestsInFlight = {
    ...requests,
    quietSteps(pace) {
      const next = requests.quietSteps(pace);
      return async () => {
        // The step before is over when the plan asks for its next one.
        stepRunning = false;
        stepOver?.();
        do {
          if (!on && !abandoned) await new Promise<void>((wake) => (resume = wake));
          if (abandoned) throw new Error('plan abandoned');
          await next();
        } while (!on);
        stepRunning = true;
      };
    },
  };
  return {
    requests: paced,
    start(): void {
      on = true;
      resume?.();
      resume = undefined;
    },
    /** Stops the plan at its next step; resolves once the step under way (if any) is over. */
    async stop(): Promise<void> {
      on = false;
      if (stepRunning) await new Promise<void>((over) => (stepOver = over));
      stepOver = undefined;
    },
    /** The plan, stopped, ends at its next step (its measured turns are over). */
    abandon(): void {
      abandoned = true;
      resume?.();
      resume = undefined;
    },
    /**
     * Waits `ms` of running turns (the queued window's delay on a server that never stops): a paused plan's
     * clock stands still, as the runner's between mailing turns, so no window falls due in a no-send turn
     * and runs at the start of the next.
     */
    async runningWait(ms: number): Promise<void> {
      // The step before is over: the plan waits, it does not work.
      stepRunning = false;
      stepOver?.();
      const tick = 10;
      for (let left = ms; left > 0; ) {
        if (!on && !abandoned) await new Promise<void>((wake) => (resume = wake));
        if (abandoned) throw new Error('plan abandoned');
        const started = performance.now();
        await pause(Math.min(tick, left));
        if (on) left -= performance.now() - started;
      }
      // What follows (the window's first read) is the plan's work again.
      stepRunning = true;
    },
  };
}

/**
 * `count` settled messages of the store's earlier campaigns (ten, ended a year ago), spread over its
 * customers, written before the bench's own: their ids sort before the plan's, as older messages' do.
 */
async function seedOldMessages(kysely: Kysely<Database>, vendorId: string, count: number, now: number): Promise<void> {
  if (count <= 0) return;
  const customers = (await kysely.selectFrom('stamp_cards').select('customer_id').where('vendor_id', '=', vendorId).orderBy('customer_id').execute()).map((row) => row.customer_id);
  const campaigns = 10;
  const perCampaign = Math.ceil(count / campaigns);
  const yearAgo = now - 365 * 86_400_000;
  let sequence = 0;
  for (let c = 0; c < campaigns; c += 1) {
    const campaignId = crypto.randomUUID();
    const startAt = yearAgo + c * 10 * 86_400_000;
    await kysely
      .insertInto('campaigns')
      .values({ id: campaignId, vendor_id: vendorId, title: `Earlier ${c + 1}`, description: 'Sent long ago.', audience: 'all', start_at: startAt, end_at: startAt + 86_400_000, promotion_type: 'discount', items: '["Coffee"]', notification_frequency: 'once', ab_testing: 0, budget: 50, paused_at: null, ended_at: null, created_by: null, created_at: startAt, updated_at: startAt })
      .execute();
    for (let start = 0; start < Math.min(perCampaign, count - c * perCampaign); start += 1000) {
      const rows = Array.from({ length: Math.min(1000, perCampaign - start) }, (_, i) => {
        const customerId = customers[(start + i) % customers.length]!;
        return { id: timeOrderedId(startAt, sequence++), campaign_id: campaignId, vendor_id: vendorId, customer_id: customerId, channel: 'email', period: Math.floor((start + i) / customers.length), state: 'sent' as const, due_at: startAt, last_error: null, created_at: startAt, finished_at: startAt + 60_000 };
      });
      await kysely.insertInto('campaign_messages').values(rows).execute();
    }
  }
}

export async function runCampaignSendBench(): Promise<void> {
  const budgets = (JSON.parse(fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8')) as { campaignSend: CampaignSendBudgets }).campaignSend;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-campaign-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn', STAMP_COOLDOWN_MINUTES: '0', CAMPAIGN_SEND_RATE: process.env.CAMPAIGN_SEND_RATE, CAMPAIGN_PLAN_RATE: process.env.CAMPAIGN_PLAN_RATE });
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
  const runner = createJobRunner({ db, handlers: campaignDeliveryJobHandlers(deps, campaignChannels(deps)), owner: 'bench', maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS, backoff: CAMPAIGN_JOB_BACKOFF, ...campaignRunnerPace(db.dialect, deps.requestsInFlight, config.campaignSendRate) });
  try {
    const now = Date.now();
    const vendor = await seedCampaignStore(deps, CUSTOMERS, now);
    await seedOldMessages(db.kysely, vendor.vendorId, OLD_MESSAGES, now);
    const planRate = config.campaignPlanRate;
    // A stamp as a new customer (no cooldown, no credential): one per address, as phones at a counter.
    const stamp = (i: number) => app.inject({ method: 'POST', url: '/api/customer/scan', payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token }, remoteAddress: `10.9.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` });
    const bareTimes = await timeEach(SCANS, () => bare.inject({ method: 'GET', url: '/' }));
    // The rows below are to differ only in the send. A store's tables are long vacuumed and analyzed: on
    // PostgreSQL the seed's 10,000 customers and cards would otherwise be, by autovacuum, in whichever row
    // it comes, and the stamp's queries planned without statistics until then. The stamp's code is warmed
    // up as long as a row: the first row after 25 stamps was the slowest with no send at all.
    if (db.dialect === 'postgres') await sql`VACUUM (ANALYZE) customers, stamp_cards, vendors, campaigns, campaign_messages`.execute(db.kysely);
    const warmUp = await timeEach(SCANS, (i) => stamp(i));
    let stamped = warmUp.length;
    // The plans, each taken in turns: BLOCK stamps with the plan paused, then BLOCK with it running, until
    // it is done. Each plan is a campaign of its own to the whole audience, planned at a time of its own.
    const planRounds: { seconds: number; turns: { without: number[]; with: number[] }[] }[] = [];
    let plannedDuring = 0;
    for (let round = 0; round < PLANS; round += 1) {
      const planNow = now + round * PLAN_SPACING_MS;
      const campaignId = crypto.randomUUID();
      await db.kysely
        .insertInto('campaigns')
        .values({ id: campaignId, vendor_id: vendor.vendorId, title: `Bench week ${round + 1}`, description: 'Two stamps a coffee.', audience: 'all', start_at: planNow - 1000, end_at: planNow + 86_400_000, promotion_type: 'discount', items: '["Coffee"]', notification_frequency: 'once', ab_testing: 0, budget: 50, paused_at: null, ended_at: null, created_by: null, created_at: now, updated_at: now })
        .execute();
      const pace = pausablePlanPace(deps.requestsInFlight);
      let planOver = false;
      // Called at its first turn: even its first query (the active campaigns) is no part of a no-send turn.
      let plan: Promise<number> | undefined;
      const planDeps = { ...deps, now: () => planNow, requestsInFlight: pace.requests };
      const sizes = { ...PLAN_SIZES, chunkSize: PLAN_CHUNK };
      // The first run, then (written ahead of the sends) each window when the one before it queued it, as the
      // campaign runner would run them: the wait is the queued window's delay.
      let addedThisPlan = 0;
      const windowJob = `${CAMPAIGN_PLAN_JOB}:window:${campaignId}`;
      const planAll = async (): Promise<number> => {
        addedThisPlan += await planCampaignMessages(planDeps, campaignChannels(deps), sizes, { rate: planRate });
        for (;;) {
          const next = await db.kysely.selectFrom('jobs').select('run_after').where('coalesce_key', '=', windowJob).where('state', '=', 'queued').executeTakeFirst();
          if (!next) return addedThisPlan;
          await pace.runningWait(Number(next.run_after) - planNow);
          await db.kysely.deleteFrom('jobs').where('coalesce_key', '=', windowJob).where('state', '=', 'queued').execute();
          addedThisPlan += await planCampaignWindow(planDeps, campaignChannels(deps), campaignId, { rate: planRate }, sizes);
        }
      };
      const startPlan = () =>
        planAll().then(
          (added) => {
            planOver = true;
            return added;
          },
          () => {
            planOver = true;
            return 0;
          },
        );
      let planMs = 0;
      const turns: { without: number[]; with: number[] }[] = [];
      while (!planOver && turns.length < PLAN_TURNS) {
        const without = await timeEach(BLOCK, (i) => stamp(stamped + i));
        stamped += without.length;
        const turnStarted = performance.now();
        pace.start();
        plan ??= startPlan();
        const withPlan = await timeEach(BLOCK, (i) => stamp(stamped + i), () => planOver);
        stamped += withPlan.length;
        await Promise.race([pace.stop(), plan]);
        planMs += performance.now() - turnStarted;
        if (withPlan.length > 0) turns.push({ without, with: withPlan });
      }
      if (!planOver) pace.abandon();
      await plan;
      plannedDuring += addedThisPlan;
      planRounds.push({ seconds: planMs / 1000, turns });
      // A plan cut short leaves its next window queued: the first campaign's goes on during the mailing (its
      // sends need it, as on a server), the others' are dropped.
      if (round > 0) await db.kysely.deleteFrom('jobs').where('coalesce_key', '=', windowJob).execute();

    }
    const planTurns = planRounds.flatMap((round) => round.turns);
    // The mailing, as a server runs it (the campaign runner polling in the background), switched on and off
    // turn by turn, as the plan above.
    const mailTurns: { without: number[]; with: number[] }[] = [];
    let mailedDuring = 0;
    let mailingMs = 0;
    for (let turn = 0; turn < MAIL_TURNS; turn += 1) {
      const without = await timeEach(BLOCK, (i) => stamp(stamped + i));
      stamped += BLOCK;
      const mailedBefore = mailed;
      const turnStarted = performance.now();
      runner.start();
      const withMail = await timeEach(BLOCK, (i) => stamp(stamped + i));
      stamped += BLOCK;
      // What went out while the stamps were timed (the batch in hand finishes after them, untimed).
      mailedDuring += mailed - mailedBefore;
      mailingMs += performance.now() - turnStarted;
      await runner.stop();
      mailTurns.push({ without, with: withMail });
    }
    // The rate a steady stream of stamps leaves the send: the runner on throughout (the turns above start
    // and stop it every 25 stamps, each start waiting for its first turn).
    const mailedBeforeSteady = mailed;
    const steadyStarted = performance.now();
    runner.start();
    const duringSteady = await timeEach(SCANS, (i) => stamp(stamped + i));
    stamped += SCANS;
    const steadyMailed = mailed - mailedBeforeSteady;
    const steadyMs = performance.now() - steadyStarted;
    await runner.stop();

    const sorted = (times: readonly number[]) => [...times].sort((a, b) => a - b);
    const bareP99 = percentile(bareTimes, 99);
    const noSend = sorted([...planTurns, ...mailTurns].flatMap((turn) => turn.without));
    const noSendP99 = percentile(noSend, 99);
    const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
    console.log(
      `Campaign send (BENCH_ONLY=campaign-send, ${dialect}; ${CUSTOMERS} customers; ${PLANS} plans and ${MAIL_TURNS} mailing turns, each in turns of ${BLOCK} stamps with and ${BLOCK} without, ${GAP_MS} ms apart; ` +
        `${PLAN_CHUNK} messages a plan chunk; ${OLD_MESSAGES} older messages; the plan ${planRate > 0 ? `written ahead of the sends, ${planRate} messages a second (CAMPAIGN_PLAN_RATE), each plan measured for ${PLAN_TURNS} running turns at most` : 'written all at once (CAMPAIGN_PLAN_RATE=0)'}; the runner paced: ${JSON.stringify(campaignRunnerPace(db.dialect, undefined, config.campaignSendRate))}; load ${os.loadavg().map((load) => load.toFixed(1)).join(' ')})`,
    );
    console.log(`  bare route (inject, in process)              p99 ${bareP99.toFixed(2)} ms (the yardstick)`);
    const row = (name: string, times: readonly number[], share: string) => {
      const inOrder = sorted(times);
      const p99 = percentile(inOrder, 99);
      console.log(`  ${name.padEnd(44)} ${String(inOrder.length).padStart(5)} stamps: p50 ${percentile(inOrder, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${(p99 / bareP99).toFixed(0)}× the yardstick)${share}`);
    };
    const planShare = shareWithInterval(planTurns);
    const mailShare = shareWithInterval(mailTurns);
    // Nothing differs between odd and even no-send turns: their share is the comparison's own noise.
    const noSendTurns = [...planTurns, ...mailTurns].map((turn) => turn.without);
    const aa = shareWithInterval(Array.from({ length: Math.floor(noSendTurns.length / 2) }, (_, i) => ({ without: noSendTurns[2 * i]!, with: noSendTurns[2 * i + 1]! })));
    row('stamp, no send (all no-send turns)', noSend, '');
    row('stamp, no send: even turns against odd', noSendTurns.filter((_, i) => i % 2 === 1).flat(), `; ${formatShare(aa)} of the odd turns' p99`);
    row('stamp, no send: turns beside the plan', planTurns.flatMap((turn) => turn.without), '');
    row('stamp, while the send is planned', planTurns.flatMap((turn) => turn.with), `; ${formatShare(planShare)} of its no-send turns' p99`);
    row('stamp, no send: turns beside the mailing', mailTurns.flatMap((turn) => turn.without), '');
    row('stamp, while the send is mailed', mailTurns.flatMap((turn) => turn.with), `; ${formatShare(mailShare)} of its no-send turns' p99`);
    const planShares = planRounds.map((round) => p99Share(round.turns));
    console.log(`  each plan's share from its own turns (about 2 in 100 stamps past its p99): ${planShares.map((share) => `${share.toFixed(0)}%`).join(', ')}; median ${percentile(sorted(planShares), 50).toFixed(0)}%`);
    console.log(
      `  planned while measured: ${plannedDuring} messages in ${PLANS} plans of ${CUSTOMERS} (each took ${planRounds.map((round) => round.seconds.toFixed(1)).join(', ')} s of running turns); ` +
        `mailed while measured: ${mailedDuring} in ${(mailingMs / 1000).toFixed(1)} s (${((1000 * mailedDuring) / mailingMs).toFixed(0)}/s beside the stamps)`,
    );
    console.log(
      `  steady: ${SCANS} stamps with the runner on throughout: mailed ${steadyMailed} in ${(steadyMs / 1000).toFixed(1)} s (${((1000 * steadyMailed) / steadyMs).toFixed(0)}/s); ` +
        `stamp p50 ${percentile(duringSteady, 50).toFixed(1)} ms, p99 ${percentile(duringSteady, 99).toFixed(1)} ms (${((100 * percentile(duringSteady, 99)) / noSendP99).toFixed(0)}% of the no-send p99, not taken in turns)`,
    );
    const budget = budgets.stampP99WithSendPercent;
    const verdict = ({ share, high }: { share: number; high: number }) => `${share.toFixed(0)}% ${share <= budget ? 'met' : 'MISSED'}${share <= budget && high > budget ? ' (its interval reaches past it)' : ''}`;
    console.log(`  budget: stamp p99 during a send ≤ ${budget}% of the no-send p99 in its turns: mailing ${verdict(mailShare)}, planning ${verdict(planShare)}`);
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
