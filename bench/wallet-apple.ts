// The wallet section of `npm run bench` (BENCH_ONLY=wallet-apple): how long one signed Apple pass takes
// to make (p50, p99, with throw-away certificates made by openssl); a stamp's p50/p99 on cards held in
// both wallets (each stamp queues an APNs push per phone and a Google Wallet PATCH in its transaction)
// against the same stamps on cards in no wallet; what queueing one change costs on its own (Apple, Google);
// and how many APNs pushes per second the durable job queue sends (to a local fake APNs over cleartext
// HTTP/2). Every time is also given as a multiple of the yardstick, the bare Fastify route answered the
// same way (inject) in the same process and run. Nothing fails: it prints the rows and the budgets met.
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
import { insertGoogleWalletObjectIfNew } from '../server/repositories/google-wallet-objects';
import { applePassForCard } from '../server/services/apple-pass';
import { APPLE_PASS_PUSH_JOB, applePassesChanged, applePassPushHandler } from '../server/services/apple-pass-updates';
import { enqueueGoogleWalletUpdates } from '../server/services/google-wallet-updates';
import { CUSTOMER_CREDENTIAL_HEADER } from '../src/api/contract/protocol';
import { makeTestAppleCertificates } from '../test/server/apple-certificates';
import { startFakeApns } from '../test/support/fake-apns';
import { benchDeps } from './bench-deps';
import { seedBenchVendor } from './seed-vendor';
import { percentile } from './percentile';

const PASSES = Number(process.env.BENCH_PASSES ?? 200);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 1000);
/** Stamps measured on each side (cards in both wallets, cards in none), taken in turns. */
const STAMPS = Number(process.env.BENCH_WALLET_STAMPS ?? 400);
/** Customers on each side: each is stamped STAMPS / STAMP_CUSTOMERS times, under the reward's goal. */
const STAMP_CUSTOMERS = 20;
/** Phones holding each wallet card's Apple pass: every stamp queues a push to each. */
const PHONES_PER_PASS = 2;
/** A counter code's window: the counter shows a new code this often. */
const CODE_WINDOW_MS = 60_000;

interface WalletBudgets {
  passP50Ms: number;
  passP99Ms: number;
  pushesPerSecond: number;
  stampP99WithPassesPercent: number;
  enqueueP50Ms: number;
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
  // No cooldown: the stamp rows stamp each customer several times in a minute.
  const config = { ...loadConfig({ ...certs.env, APNS_URL: fakeApns.url, DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn', STAMP_COOLDOWN_MINUTES: '0' }) };
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  // The server's clock runs ahead of the machine's by whole counter-code windows: the stamp rows move it
  // one window on before each round, so a customer's repeat scan is of a code from a window it has not
  // collected yet (two codes of one window can be the same code, which a customer collects only once).
  let clockAheadMs = 0;
  const clock = () => Date.now() + clockAheadMs;
  const deps = benchDeps(config, db, { activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db), now: clock });
  const app = await buildApp(deps);
  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  try {
    const now = Date.now();
    const vendor = await seedBenchVendor(deps, { name: 'Owner', company: 'Wallet Café', address: '1 Bench Street' }, now);
    // Phones and Google objects named for this run: a PostgreSQL database keeps an earlier run's.
    const run = vendor.vendorId.slice(0, 8);
    await db.kysely.insertInto('rewards').values({ vendor_id: vendor.vendorId, stamps: 50, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
    const scanned = await app.inject({ method: 'POST', url: '/api/customer/scan', payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token } });
    const card = (scanned.json() as { card: { id: string } }).card;
    const { customer_id: customerId } = await db.kysely.selectFrom('stamp_cards').select('customer_id').where('id', '=', card.id).executeTakeFirstOrThrow();

    // The yardstick: the bare Fastify route, answered in this process the same way (inject).
    const bareTimes = await timeEach(PASSES, () => bare.inject({ method: 'GET', url: '/' }));
    await applePassForCard(deps, customerId, card.id);
    const passTimes = await timeEach(PASSES, () => applePassForCard(deps, customerId, card.id));

    // Stamps on cards in both wallets against stamps on cards in none, taken in turns so both sides see
    // the same machine. A wallet card has an Apple pass on PHONES_PER_PASS phones and a Google object.
    // Every scan from its own address, as many phones would: scans are rate-limited per address.
    let addresses = 0;
    const nextAddress = () => {
      addresses += 1;
      return `10.77.${addresses >> 8}.${addresses & 255}`;
    };
    const newCustomer = async (): Promise<{ credential: string; cardId: string }> => {
      const remoteAddress = nextAddress();
      const first = await app.inject({ method: 'POST', url: '/api/customer/scan', remoteAddress, payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token } });
      const body = first.json() as { credential: string; card: { id: string } };
      return { credential: body.credential, cardId: body.card.id };
    };
    const plain: { credential: string; cardId: string }[] = [];
    const inWallets: { credential: string; cardId: string }[] = [];
    for (let i = 0; i < STAMP_CUSTOMERS; i += 1) {
      plain.push(await newCustomer());
      const walletCustomer = await newCustomer();
      const owner = (await db.kysely.selectFrom('stamp_cards').select('customer_id').where('id', '=', walletCustomer.cardId).executeTakeFirstOrThrow()).customer_id;
      await applePassForCard(deps, owner, walletCustomer.cardId);
      const { serial_number: walletSerial } = await db.kysely.selectFrom('apple_passes').select('serial_number').where('card_id', '=', walletCustomer.cardId).executeTakeFirstOrThrow();
      for (let phone = 0; phone < PHONES_PER_PASS; phone += 1) {
        await registerApplePassDevice(db.kysely, { deviceLibraryId: `bench-stamp-${run}-${i}-${phone}`, pushToken: `benchstamp${run}x${i}x${phone}`, serialNumber: walletSerial }, now);
      }
      await insertGoogleWalletObjectIfNew(db.kysely, { card_id: walletCustomer.cardId, object_id: `bench.card-${run}-${i}`, locale: 'en' }, now);
      inWallets.push(walletCustomer);
    }
    const stampOnce = async (customer: { credential: string }) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/customer/scan',
        remoteAddress: nextAddress(),
        headers: { [CUSTOMER_CREDENTIAL_HEADER]: customer.credential },
        payload: { token: deps.qrTokens.issueDynamic(vendor.vendorId).token },
      });
      if (response.statusCode !== 200) throw new Error(`a bench stamp was answered ${response.statusCode}: ${response.body}`);
    };
    // Only the jobs these stamps queue are counted (a PostgreSQL database keeps an earlier run's).
    await db.kysely.deleteFrom('jobs').execute();
    const plainTimes: number[] = [];
    const walletTimes: number[] = [];
    for (let i = 0; i < STAMPS; i += 1) {
      if (i % STAMP_CUSTOMERS === 0) clockAheadMs += CODE_WINDOW_MS;
      plainTimes.push(...(await timeEach(1, () => stampOnce(plain[i % plain.length]!))));
      walletTimes.push(...(await timeEach(1, () => stampOnce(inWallets[i % inWallets.length]!))));
    }
    plainTimes.sort((a, b) => a - b);
    walletTimes.sort((a, b) => a - b);
    const queuedByStamps = await db.kysely.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();

    // What queueing one change adds to the transaction of the change: the queueing alone, timed inside a
    // transaction (the commit is the change's own either way). The queue is emptied before each, so every
    // one writes its jobs rather than folding into jobs already waiting.
    const walletCard = inWallets[0]!.cardId;
    const timeInTransaction = async (work: (trx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<unknown>): Promise<number[]> => {
      const taken: number[] = [];
      for (let i = 0; i < PASSES; i += 1) {
        await db.kysely.deleteFrom('jobs').execute();
        await inTransaction(db.kysely, async (trx) => {
          const begun = process.hrtime.bigint();
          await work(trx);
          taken.push(Number(process.hrtime.bigint() - begun) / 1e6);
        });
      }
      return taken.sort((a, b) => a - b);
    };
    const appleQueueTimes = await timeInTransaction((trx) => applePassesChanged(trx, clock(), [walletCard]));
    const googleQueueTimes = await timeInTransaction((trx) => enqueueGoogleWalletUpdates(trx, clock(), [walletCard]));

    // The push queue: PUSHES phones hold the pass; one change queues a push to each, the runner sends them.
    await db.kysely.deleteFrom('jobs').execute();
    const { serial_number: serial } = await db.kysely.selectFrom('apple_passes').select('serial_number').where('card_id', '=', card.id).executeTakeFirstOrThrow();
    for (let i = 0; i < PUSHES; i += 1) {
      await registerApplePassDevice(db.kysely, { deviceLibraryId: `bench-device-${run}-${i}`, pushToken: `benchtoken${run}x${i}`, serialNumber: serial }, now);
    }
    await inTransaction(db.kysely, (trx) => applePassesChanged(trx, clock(), [card.id]));
    const apns = createApnsClient({ url: fakeApns.url, topic: config.applePass!.passTypeId, cert: '', key: '' });
    const runner = createJobRunner({ db, handlers: { [APPLE_PASS_PUSH_JOB]: applePassPushHandler(deps, apns) }, owner: 'bench', batchSize: 50, now: clock });
    const started = process.hrtime.bigint();
    while ((await runner.runOnce()) > 0);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await apns.close();
    const pushesPerSecond = fakeApns.delivered.length / seconds;

    const bareP50 = percentile(bareTimes, 50);
    const times = (label: string, sorted: number[]) => {
      const p50 = percentile(sorted, 50);
      const p99 = percentile(sorted, 99);
      return `  ${label.padEnd(68)} p50 ${p50.toFixed(2).padStart(7)} ms (${(p50 / bareP50).toFixed(0).padStart(4)}× bare)   p99 ${p99.toFixed(2).padStart(7)} ms (${(p99 / bareP50).toFixed(0).padStart(4)}× bare)`;
    };
    const p50 = percentile(passTimes, 50);
    const p99 = percentile(passTimes, 99);
    const plainP99 = percentile(plainTimes, 99);
    const walletP99 = percentile(walletTimes, 99);
    const stampShare = (100 * walletP99) / plainP99;
    const appleQueueP50 = percentile(appleQueueTimes, 50);
    const googleQueueP50 = percentile(googleQueueTimes, 50);
    console.log(`Wallet passes (BENCH_ONLY=wallet-apple), ${process.env.DATABASE_URL ? 'postgres' : 'sqlite'}; times also as multiples of the bare route's p50`);
    console.log(`  ${'bare route (inject, in process): the yardstick'.padEnd(68)} p50 ${bareP50.toFixed(3)} ms`);
    console.log(times(`Apple pass generation (${PASSES} passes)`, passTimes));
    console.log(times(`stamp, card in no wallet (${STAMPS} stamps)`, plainTimes));
    console.log(times(`stamp, card in both wallets, updates queued (${STAMPS})`, walletTimes));
    console.log(`    (${queuedByStamps.count} jobs queued by those stamps: ${PHONES_PER_PASS} APNs pushes and 1 Google PATCH per change, folded per phone/card)`);
    console.log(`  stamp p99 in both wallets: ${stampShare.toFixed(0)}% of the stamp p99 in none`);
    console.log(times(`queueing a change's APNs pushes (${PHONES_PER_PASS} phones), in its transaction`, appleQueueTimes));
    console.log(times("queueing a change's Google PATCH, in its transaction", googleQueueTimes));
    console.log(`  push queue (${fakeApns.delivered.length} of ${PUSHES} pushes)     ${pushesPerSecond.toFixed(0)} pushes/s`);
    const verdicts = [
      `pass p50 ≤ ${budgets.passP50Ms} ms: ${p50 <= budgets.passP50Ms ? 'met' : 'MISSED'} (${p50.toFixed(1)} ms)`,
      `pass p99 ≤ ${budgets.passP99Ms} ms: ${p99 <= budgets.passP99Ms ? 'met' : 'MISSED'} (${p99.toFixed(1)} ms)`,
      `stamp p99 in both wallets ≤ ${budgets.stampP99WithPassesPercent}% of in none: ${stampShare <= budgets.stampP99WithPassesPercent ? 'met' : 'MISSED'} (${stampShare.toFixed(0)}%)`,
      `queueing a change (Apple, Google) p50 ≤ ${budgets.enqueueP50Ms} ms: ${Math.max(appleQueueP50, googleQueueP50) <= budgets.enqueueP50Ms ? 'met' : 'MISSED'} (${appleQueueP50.toFixed(2)}, ${googleQueueP50.toFixed(2)} ms)`,
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
