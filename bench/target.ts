// One bench target in its own process, so the load generator never shares an event loop with
// the server it measures: `bare` is the yardstick (one Fastify JSON route), `commit` the second yardstick
// for the accepted scan (one Fastify route that does one durable SQLite insert and commit, the least a
// stamp acknowledged only once it survives power loss must cost), `app` the real Stampwise app
// as `npm start` builds it — logging at the default level (info) to stdout, TRUST_PROXY on so each
// request may name its own client address. Seeds what the rows need, then tells the parent (IPC) where
// to send them and waits for 'stop'.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { serverLoggerOptions } from '../server/infra/log-destination';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import type { AppDeps } from '../server/deps';
import { createActivityBus } from '../server/infra/activity-bus';
import { createMenuScanQueue } from '../server/services/menu/scan-queue';
import { createQrTokens } from '../server/infra/qr-tokens';
import { createSessionTokens } from '../server/infra/session-tokens';
import { CredentialHeaders, ScanRefusal, ScanRequest } from '../src/api/contract/customer';
import { toCard, toReward, toStore } from '../server/services/card-view';
import { scanMessages } from '../server/services/scan-messages';
import { SCAN_ATTEMPTS_PER_ADDRESS, SCAN_WINDOW_MS } from '../server/routes/customer';
import { seedActivity, seedEventsFromEnv } from './seed-activity';
import { seedBenchVendor } from './seed-vendor';
import { BENCH_SECRET, type AppTargetInfo } from './target-info';

async function startBare(): Promise<string> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  return bare.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * The commit floor: each POST inserts one row and commits it on a SQLite file set up as the app sets up its
 * own (WAL, `synchronous` from SQLITE_SYNCHRONOUS, default FULL: the log is synced on every commit), then
 * answers. Nothing else: no schema, no hooks, no logging. What the accepted scan cannot go below while each
 * stamp has a durable commit of its own.
 */
async function startCommitFloor(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-commit-floor-'));
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const sqlite = new SQLite(path.join(dataDir, 'floor.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'normal' ? 'NORMAL' : 'FULL'}`);
  sqlite.exec('CREATE TABLE stamps (id TEXT PRIMARY KEY, token TEXT NOT NULL, created_at INTEGER NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO stamps (id, token, created_at) VALUES (?, ?, ?)');
  const floor = Fastify();
  floor.post('/commit', async (request) => {
    const { token } = request.body as { token: string };
    // Autocommit: the insert is its own transaction, committed (and the log synced) before run() returns.
    insert.run(crypto.randomUUID(), String(token), Date.now());
    return { ok: true };
  });
  return floor.listen({ port: 0, host: '127.0.0.1' });
}

async function startApp(): Promise<AppTargetInfo> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-bench-'));
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // Dynamic codes without a cooldown (so a returning customer is stamped on every fresh code); the
  // flyer keeps its default 4-hour cooldown, which the refused row runs into.
  const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', TRUST_PROXY: '1', DATABASE_URL: process.env.DATABASE_URL, SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS }), stampCooldownMinutes: 0 };
  const db = openDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, sqliteSynchronous: config.sqliteSynchronous });
  await migrateToLatest(db);
  const deps: AppDeps = {
    config,
    db,
    secret: BENCH_SECRET,
    sessions: createSessionTokens(BENCH_SECRET, 24),
    qrTokens: createQrTokens(BENCH_SECRET, Date.now),
    mailer: { send: async () => undefined, close: () => undefined },
    menuScanner: { scan: async () => [], close: async () => undefined },
    menuScans: createMenuScanQueue(),
    activityBus: await createActivityBus({ databaseUrl: config.databaseUrl, redisUrl: undefined }, db),
    now: Date.now,
  };
  const now = Date.now();
  const light = await seedBenchVendor(deps, { name: 'Bench Vendor', company: 'Bench Café', address: '1 Bench Street' }, now);
  for (let i = 0; i < 20; i += 1) {
    await db.kysely
      .insertInto('menu_items')
      .values({ id: crypto.randomUUID(), vendor_id: light.vendorId, name: `Item ${i}`, price_cents: 300 + i * 10, created_at: now + i })
      .execute();
  }
  const scanVendor = await seedBenchVendor(deps, { name: 'Scan Vendor', company: 'Scan Café', address: '3 Bench Street' }, now);
  await db.kysely.insertInto('rewards').values({ vendor_id: scanVendor.vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
  // The accepted rows give hundreds of stamps a second on codes of the same second: to the relay guard that
  // is a code passed around a group chat, and it refuses (409 code-budget). The store's own budget floor (a
  // vendor setting) is raised so the rows measure stamps; the guard still runs its checks on every scan.
  await db.kysely.updateTable('vendors').set({ code_budget_floor: 1_000_000 }).where('id', '=', scanVendor.vendorId).execute();

  let busy: AppTargetInfo['busy'] = null;
  const events = seedEventsFromEnv(1_000_000, { allowZero: true });
  if (events > 0) {
    const vendor = await seedBenchVendor(deps, { name: 'Busy Vendor', company: 'Busy Café', address: '2 Bench Street' }, now);
    await db.kysely.insertInto('rewards').values({ vendor_id: vendor.vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
    const started = Date.now();
    await seedActivity(db, vendor.vendorId, { events, customers: 10_000, now });
    busy = { ...vendor, seeded: events, seedSeconds: (Date.now() - started) / 1000 };
  }

  // `npm start`'s logger: the default level, JSON lines to stdout (buffered, as npm start writes them).
  const app = await buildApp(deps, { logger: serverLoggerOptions(config.logLevel) });
  addRefusalFloor(app, scanVendor.vendorId, now);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, light, busy, scanVendorId: scanVendor.vendorId, flyerToken: deps.qrTokens.issuePrintable(scanVendor.vendorId, 1) };
}

/**
 * The refused scan's framework floor, a yardstick inside the app process: POST /bench/refusal-floor
 * goes through everything the scan route does around its handler — the app's hooks and logging, the
 * per-address rate limit, the same header, body and response schemas, `cache-control: no-store` — and
 * answers a cooldown refusal of the same shape and size, made once at start-up, without reading anything.
 * The refused scan cannot go above it without dropping one of those (the stack, not the scan's own work).
 */
function addRefusalFloor(app: Awaited<ReturnType<typeof buildApp>>, vendorId: string, now: number): void {
  const row = {
    vendor_id: vendorId, company: 'Scan Café', logo_image_id: null, currency: 'USD', reward_stamps: 10, reward_expiry: '2099-12-31', reward_item_custom: 'Flat White', reward_item_name: null,
    settings_stamp_mode: null, settings_max_per_transaction: null, settings_auto_redeem: null, settings_expiry_days: null,
    id: crypto.randomUUID(), customer_id: crypto.randomUUID(), stamps: 3, last_stamp_at: now, updated_at: now, removed_stamps: 0, removed_at: null,
  };
  const refusal = { error: scanMessages('en').cooldown(240), code: 'cooldown' as const, store: toStore(row), reward: toReward(row, now) ?? undefined, card: toCard(row, now) };
  app.post('/bench/refusal-floor', {
    config: { rateLimit: { max: SCAN_ATTEMPTS_PER_ADDRESS, timeWindow: SCAN_WINDOW_MS } },
    schema: { hide: true, headers: CredentialHeaders, body: ScanRequest, response: { 409: ScanRefusal } },
  }, async (_request, reply) => reply.header('cache-control', 'no-store').code(409).send(refusal));
}

async function main(): Promise<void> {
  const kind = process.argv[2];
  if (!process.send) throw new Error('bench/target.ts runs as a child of bench/run.ts');
  const info = kind === 'bare' ? { url: await startBare() } : kind === 'commit' ? { url: await startCommitFloor() } : await startApp();
  process.send(info);
  process.on('message', (message) => {
    if (message === 'stop') process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
