// The stamp-integrity section of `npm run bench` (alone: BENCH_ONLY=integrity): five relay scenarios
// simulated against the real server over HTTP — a relayed counter code, a flyer photo, a device hopping
// stores, and a legitimate rush — printing stamps granted, refused, flagged and voided for each.
// Time is simulated (the server's clock is advanced between scans), networks by X-Forwarded-For (the
// server runs with TRUST_PROXY as it does behind a proxy). Nothing fails: it prints what happened.
import { benchDeps } from './bench-deps';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import type { QrTokenResponse } from '../src/api/contract/qrcode';
import type { RelayAlertsResponse, VoidCodeResponse } from '../src/api/contract/relay';
import { seedBenchVendor } from './seed-vendor';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

interface Outcome {
  name: string;
  phones: number;
  granted: number;
  refused: number;
  /** Codes flagged at the end. */
  flagged: number;
  /** The scan (1-based) after which the first alert existed; null when none. */
  flaggedAtScan: number | null;
  voided: number;
  budget: number | null;
  goal: string;
}

interface Store {
  vendorId: string;
  auth: { authorization: string };
}

export async function runIntegrityBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-integrity-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', TRUST_PROXY: '1', LOG_LEVEL: 'warn' }) };
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  // Noon UTC today: the flyer's day (a UTC day) has room on both sides.
  let now = Math.floor(Date.now() / (24 * 60 * MINUTE)) * 24 * 60 * MINUTE + 12 * 60 * MINUTE;
  const clock = () => now;
  const deps = benchDeps(config, db, {
    activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db),
    now: clock,
    // Sessions on real time: the simulated day must not expire the owner's session.
    sessionHours: 24 * 30,
  });
  const app = await buildApp(deps);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  let storeCount = 0;
  const newStore = async (): Promise<Store> => {
    storeCount += 1;
    const vendor = await seedBenchVendor(deps, { name: 'Owner', company: `Integrity Café ${storeCount}`, address: `${storeCount} Bench Street` }, now);
    await db.kysely.insertInto('rewards').values({ vendor_id: vendor.vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
    return { vendorId: vendor.vendorId, auth: { authorization: `Bearer ${vendor.token}` } };
  };
  const api = async <T>(store: Store, method: string, pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { ...store.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${pathname} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const counterCode = async (store: Store) => (await api<QrTokenResponse>(store, 'GET', `/api/qrcode/generate/${store.vendorId}`)).token;
  const flyerCode = async (store: Store) => (await api<{ token: string }>(store, 'POST', '/api/qrcode/printable', { vendorId: store.vendorId })).token;
  const alertsOf = async (store: Store) => (await api<RelayAlertsResponse>(store, 'GET', `/api/qrcode/${store.vendorId}/alerts`)).alerts;
  /** One phone's scan: its address (so its network), and its credential once it has one. */
  const scan = async (token: string, address: string, credential?: string) => {
    const response = await fetch(`${baseUrl}/api/customer/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(credential ? { 'x-customer-key': credential } : {}) },
      body: JSON.stringify({ token }),
    });
    const body = (await response.json()) as { credential?: string };
    return { status: response.status, credential: body.credential };
  };
  /** Runs the scans in order, noting which were granted and after which one the store first had an alert. */
  const run = async (stores: Store[], scans: (() => Promise<{ status: number }>)[], stepMs: number) => {
    let granted = 0;
    let refused = 0;
    let flaggedAtScan: number | null = null;
    for (let i = 0; i < scans.length; i += 1) {
      const { status } = await scans[i]();
      if (status === 200) granted += 1;
      else refused += 1;
      if (flaggedAtScan === null) {
        for (const store of stores) if ((await alertsOf(store)).length > 0) flaggedAtScan = i + 1;
      }
      now += stepMs;
    }
    let flagged = 0;
    let voided = 0;
    let budget: number | null = null;
    for (const store of stores) {
      for (const alert of await alertsOf(store)) {
        flagged += 1;
        budget = Math.max(budget ?? 0, alert.budget);
        voided += (await api<VoidCodeResponse>(store, 'POST', `/api/qrcode/${store.vendorId}/alerts/void`, { code: alert.code })).voidedStamps;
      }
    }
    return { granted, refused, flagged, flaggedAtScan, voided, budget };
  };

  const outcomes: Outcome[] = [];
  const relayGoal = (r: { granted: number; budget: number | null; flaggedAtScan: number | null }) =>
    r.budget !== null && r.granted <= r.budget && r.flaggedAtScan !== null && r.flaggedAtScan <= r.budget + 1 ? 'met' : 'MISSED';

  {
    const store = await newStore();
    const token = await counterCode(store);
    const r = await run([store], Array.from({ length: 20 }, (_, i) => () => scan(token, `10.${i + 1}.0.7`)), 3 * SECOND);
    outcomes.push({ name: 'counter code relayed to 20 phones on 20 networks in 60 s', phones: 20, ...r, goal: relayGoal(r) });
  }
  {
    const store = await newStore();
    const token = await counterCode(store);
    const r = await run([store], Array.from({ length: 50 }, (_, i) => () => scan(token, `198.51.100.${i + 2}`)), SECOND);
    outcomes.push({ name: 'counter code relayed to 50 phones on one network', phones: 50, ...r, goal: relayGoal(r) });
  }
  {
    const store = await newStore();
    const token = await flyerCode(store);
    // 100 phones over the simulated day (6 minutes apart, within one UTC day), each on its own network.
    now -= 5 * 60 * MINUTE;
    const r = await run([store], Array.from({ length: 100 }, (_, i) => () => scan(token, `100.${64 + (i % 60)}.${i}.9`)), 6 * MINUTE);
    outcomes.push({ name: 'flyer photo shared to 100 phones over a day', phones: 100, ...r, goal: relayGoal(r) });
  }
  {
    const stores = [await newStore(), await newStore(), await newStore(), await newStore(), await newStore()];
    let credential: string | undefined;
    const scans = stores.map((store) => async () => {
      const result = await scan(await counterCode(store), '203.0.113.50', credential);
      credential ??= result.credential;
      return result;
    });
    const r = await run(stores, scans, 2 * MINUTE);
    // A device is flagged at the store where it crosses the line (the 3rd of 5 by default); each store gives one stamp anyway (its cooldown).
    outcomes.push({ name: 'one device collecting at 5 stores in 10 minutes', phones: 1, ...r, goal: r.flaggedAtScan !== null && r.flaggedAtScan <= config.relay.deviceStores ? 'met' : 'MISSED' });
  }
  {
    const store = await newStore();
    let token = await counterCode(store);
    let shownAt = now;
    // The QR page shows a new code every 60 s; 12 customers in 2 minutes on the café's Wi-Fi scan what is shown.
    const scans = Array.from({ length: 12 }, (_, i) => async () => {
      if (now - shownAt >= MINUTE) {
        token = await counterCode(store);
        shownAt = now;
      }
      return scan(token, `192.0.2.${i + 2}`);
    });
    const r = await run([store], scans, 10 * SECOND);
    outcomes.push({ name: 'legitimate rush: 12 customers in 2 minutes, one network', phones: 12, ...r, goal: r.refused === 0 && r.flagged === 0 ? 'met' : 'MISSED' });
  }

  console.log(`Stamp integrity: simulated against the real server over HTTP, ${db.dialect}; defaults: counter budget ≥ ${config.relay.codeBudgetFloor}, flyer ≥ ${config.relay.flyerBudgetFloor}/day, flag above ${config.relay.networksPerCode} networks per code or at ${config.relay.deviceStores} stores in ${config.relay.deviceWindowMinutes} min\n`);
  const header = ['scenario', 'phones', 'granted', 'refused', 'flagged', 'first flag at scan', 'voided', 'budget', 'goal'];
  const lines = outcomes.map((o) => [o.name, String(o.phones), String(o.granted), String(o.refused), String(o.flagged), o.flaggedAtScan === null ? '—' : String(o.flaggedAtScan), String(o.voided), o.budget === null ? '—' : String(o.budget), o.goal]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log('\ngoal: a relay gains at most the budget and is flagged within one scan of exceeding it; the rush loses nothing.');

  await app.close();
  await deps.activityBus.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
