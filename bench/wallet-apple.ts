// The Apple Wallet section of `npm run bench` (BENCH_ONLY=wallet-apple): how long one signed pass
// takes to make (p50, p99, with throw-away certificates made by openssl), and how many APNs pushes per
// second the durable job queue sends (to a local fake APNs over cleartext HTTP/2), beside the bare
// route's time measured in the same process. Nothing fails: it prints the rows and the budgets met.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { inTransaction } from '../server/db/transactions';
import { createActivityBus } from '../server/infra/activity-bus';
import { createApnsClient } from '../server/infra/apns';
import { createJobRunner } from '../server/infra/jobs';
import { registerApplePassDevice } from '../server/repositories/apple-passes';
import { applePassForCard } from '../server/services/apple-pass';
import { APPLE_PASS_PUSH_JOB, applePassesChanged, applePassPushHandler } from '../server/services/apple-pass-updates';
import { makeTestAppleCertificates } from '../test/server/apple-certificates';
import { startFakeApns } from '../test/support/fake-apns';
import { benchDeps } from './bench-deps';
import { seedBenchVendor } from './seed-vendor';

const PASSES = Number(process.env.BENCH_PASSES ?? 200);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 1000);

interface WalletBudgets {
  passP50Ms: number;
  passP99Ms: number;
  pushesPerSecond: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeEach(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b);
}

export async function runWalletAppleBench(): Promise<void> {
  const budgets = (JSON.parse(fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8')) as { walletApple: WalletBudgets }).walletApple;
  const certs = makeTestAppleCertificates();
  const fakeApns = await startFakeApns();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-wallet-bench-'));
  const config = { ...loadConfig({ ...certs.env, APNS_URL: fakeApns.url, DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn' }) };
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const deps = benchDeps(config, db, { activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db) });
  const app = await buildApp(deps);
  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  try {
    const now = Date.now();
    const vendor = await seedBenchVendor(deps, { name: 'Owner', company: 'Wallet Café', address: '1 Bench Street' }, now);
    await db.kysely.insertInto('rewards').values({ vendor_id: vendor.vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
    const scanned = await app.inject({ method: 'POST', url: '/api/customer/scan', payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token } });
    const card = (scanned.json() as { card: { id: string } }).card;
    const { customer_id: customerId } = await db.kysely.selectFrom('stamp_cards').select('customer_id').where('id', '=', card.id).executeTakeFirstOrThrow();

    // The yardstick: the bare Fastify route, answered in this process the same way (inject).
    const bareTimes = await timeEach(PASSES, () => bare.inject({ method: 'GET', url: '/' }));
    await applePassForCard(deps, customerId, card.id);
    const passTimes = await timeEach(PASSES, () => applePassForCard(deps, customerId, card.id));

    // The push queue: PUSHES phones hold the pass; one change queues a push to each, the runner sends them.
    const { serial_number: serial } = await db.kysely.selectFrom('apple_passes').select('serial_number').where('card_id', '=', card.id).executeTakeFirstOrThrow();
    for (let i = 0; i < PUSHES; i += 1) {
      await registerApplePassDevice(db.kysely, { deviceLibraryId: `bench-device-${i}`, pushToken: `benchtoken${i}`, serialNumber: serial }, now);
    }
    await inTransaction(db.kysely, (trx) => applePassesChanged(trx, Date.now(), [card.id]));
    const apns = createApnsClient({ url: fakeApns.url, topic: config.applePass!.passTypeId, cert: '', key: '' });
    const runner = createJobRunner({ db, handlers: { [APPLE_PASS_PUSH_JOB]: applePassPushHandler(deps, apns) }, owner: 'bench', batchSize: 50 });
    const started = process.hrtime.bigint();
    while ((await runner.runOnce()) > 0);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await apns.close();
    const pushesPerSecond = fakeApns.delivered.length / seconds;

    const bareP50 = percentile(bareTimes, 50);
    const p50 = percentile(passTimes, 50);
    const p99 = percentile(passTimes, 99);
    console.log('Apple Wallet (BENCH_ONLY=wallet-apple)');
    console.log(`  bare route (inject, in process)     p50 ${bareP50.toFixed(2)} ms`);
    console.log(`  pass generation (${PASSES} passes)       p50 ${p50.toFixed(1)} ms (${(p50 / bareP50).toFixed(0)}× the bare route), p99 ${p99.toFixed(1)} ms`);
    console.log(`  push queue (${fakeApns.delivered.length} of ${PUSHES} pushes)     ${pushesPerSecond.toFixed(0)} pushes/s`);
    const verdicts = [
      `pass p50 ≤ ${budgets.passP50Ms} ms: ${p50 <= budgets.passP50Ms ? 'met' : 'MISSED'} (${p50.toFixed(1)} ms)`,
      `pass p99 ≤ ${budgets.passP99Ms} ms: ${p99 <= budgets.passP99Ms ? 'met' : 'MISSED'} (${p99.toFixed(1)} ms)`,
      `pushes ≥ ${budgets.pushesPerSecond}/s: ${pushesPerSecond >= budgets.pushesPerSecond ? 'met' : 'MISSED'} (${pushesPerSecond.toFixed(0)}/s)`,
    ];
    for (const verdict of verdicts) console.log(`  ${verdict}`);
  } finally {
    await app.close();
    await bare.close();
    await deps.activityBus.close();
    await db.close();
    await fakeApns.close();
    certs.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
