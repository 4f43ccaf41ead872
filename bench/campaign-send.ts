// The campaign section of `npm run bench` (BENCH_ONLY=campaign-send): the stamp's p99 with and without a
// campaign being sent to 10,000 customers in the same process (planned and mailed by the durable queue
// to a mail transport that accepts at once), each as a multiple of the bare route's p99 measured in the
// same run. Nothing fails: it prints the rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import { createJobRunner } from '../server/infra/jobs';
import { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, campaignChannels, campaignDeliveryJobHandlers, planCampaignMessages } from '../server/services/campaign-delivery';
import { sendableAt } from '../server/services/campaign-delivery/quiet-hours';
import { benchDeps } from './bench-deps';
import { seedBenchVendor } from './seed-vendor';

const CUSTOMERS = Number(process.env.BENCH_CAMPAIGN_CUSTOMERS ?? 10_000);
const SCANS = Number(process.env.BENCH_CAMPAIGN_SCANS ?? 300);
const SEED_CHUNK = 500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeEach(count: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    await work(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b);
}

export async function runCampaignSendBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-campaign-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn', STAMP_COOLDOWN_MINUTES: '0' });
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  let mailed = 0;
  const deps = {
    ...benchDeps(config, db, { activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db) }),
    mailer: { send: async () => void (mailed += 1), close: () => undefined },
  };
  const app = await buildApp(deps);
  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  const runner = createJobRunner({ db, handlers: campaignDeliveryJobHandlers(deps, campaignChannels(deps)), owner: 'bench', maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS, backoff: CAMPAIGN_JOB_BACKOFF, batchSize: 50 });
  try {
    const now = Date.now();
    const vendor = await seedBenchVendor(deps, { name: 'Owner', company: 'Campaign Café', address: '1 Bench Street' }, now);
    // A store where it is day now, whenever the bench runs: at night the messages would (rightly) wait for the morning.
    const dayZone = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Asia/Kolkata'].find((zone) => sendableAt(now, zone) === now) ?? 'UTC';
    await db.kysely.updateTable('vendors').set({ time_zone: dayZone }).where('id', '=', vendor.vendorId).execute();
    await db.kysely.insertInto('rewards').values({ vendor_id: vendor.vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
    for (let start = 0; start < CUSTOMERS; start += SEED_CHUNK) {
      const ids = Array.from({ length: Math.min(SEED_CHUNK, CUSTOMERS - start) }, () => crypto.randomUUID());
      await db.kysely
        .insertInto('customers')
        .values(ids.map((id) => ({ id, display_name: null, email: `${id}@bench.local`, email_normalized: `${id}@bench.local`, created_at: now, updated_at: now, campaign_mail_opt_in: 1 })))
        .execute();
      await db.kysely.insertInto('stamp_cards').values(ids.map((id) => ({ id: crypto.randomUUID(), customer_id: id, vendor_id: vendor.vendorId, created_at: now, updated_at: now }))).execute();
    }
    // A stamp as a new customer (no cooldown, no credential): one per address, as phones at a counter.
    const stamp = (i: number) => app.inject({ method: 'POST', url: '/api/customer/scan', payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token }, remoteAddress: `10.9.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` });
    const bareTimes = await timeEach(SCANS, () => bare.inject({ method: 'GET', url: '/' }));
    const quiet = await timeEach(SCANS, (i) => stamp(i));

    await db.kysely
      .insertInto('campaigns')
      .values({ id: crypto.randomUUID(), vendor_id: vendor.vendorId, title: 'Bench week', description: 'Two stamps a coffee.', audience: 'all', start_at: now - 1000, end_at: now + 86_400_000, promotion_type: 'discount', items: '["Coffee"]', notification_frequency: 'once', ab_testing: 0, budget: 50, paused_at: null, ended_at: null, created_by: null, created_at: now, updated_at: now })
      .execute();
    // The send's two halves, each measured on its own: the plan (10,000 rows and jobs written), then the mailing.
    let planned = 0;
    const plan = planCampaignMessages(deps, campaignChannels(deps)).then((count) => void (planned = count));
    const duringPlan = await timeEach(SCANS, (i) => stamp(SCANS + i));
    const plannedDuring = planned;
    await plan;
    let sending = true;
    const send = (async () => {
      while (sending && (await runner.runOnce()) > 0);
    })();
    const duringMail = await timeEach(SCANS, (i) => stamp(2 * SCANS + i));
    const mailedDuring = mailed;
    sending = false;
    await send;

    const bareP99 = percentile(bareTimes, 99);
    console.log(`Campaign send (BENCH_ONLY=campaign-send; ${CUSTOMERS} customers, ${SCANS} stamps each row)`);
    console.log(`  bare route (inject, in process)         p99 ${bareP99.toFixed(2)} ms`);
    for (const [name, times] of [['stamp, no send', quiet], ['stamp, while the send is planned', duringPlan], ['stamp, while the send is mailed', duringMail]] as const) {
      const p99 = percentile(times, 99);
      console.log(`  ${name.padEnd(40)} p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${(p99 / bareP99).toFixed(0)}× the bare route's p99)`);
    }
    console.log(`  planned while measured: ${plannedDuring === 0 ? 'still planning' : plannedDuring} of ${CUSTOMERS}; mailed while measured: ${mailedDuring}`);
  } finally {
    await runner.stop();
    await app.close();
    await bare.close();
    await deps.activityBus.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
