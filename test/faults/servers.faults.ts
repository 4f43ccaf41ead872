// `npm run test:faults`: two built servers on one PostgreSQL database and one Redis, behind
// nothing but loopback, under a bounded scan load (a few customers, each about one stamp a second). In
// turn: their database connections are terminated; Redis stops and comes back; PostgreSQL freezes
// (a proxy that accepts and never answers); one server is killed with SIGKILL and restarted; one is
// stopped with SIGTERM. After each: no server died unless killed, no acknowledged stamp is missing, no
// stamp is doubled, health told the truth within 2 s, and service recovered within 10 s. A table of the
// figures is printed at the end. It creates its own database (from PG_TEST_URL) and its own redis-server,
// and fails — never skips — when either is missing, so CI cannot pass without running it.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../server/redis-server';
import { createScratchDatabase, type ScratchDatabase } from '../server/scratch-postgres';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const CUSTOMERS = 6;
/** Each customer scans about once per PACE_MS: under the 60-per-minute limit of its address. */
const PACE_MS = 1100;
const REQUEST_TIMEOUT_MS = 15_000;
/** How long each fault lasts, with the load running. */
const FAULT_HOLD_MS = 5000;
const HEALTH_TRUTH_MS = 2000;
const RECOVERY_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Slot {
  name: string;
  server: E2eServer;
  /** Set just before the suite itself signals the process. */
  expectedExit?: 'SIGKILL' | 'SIGTERM';
  exit?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface Customer {
  ip: string;
  credential: string;
  cardId: string;
  acked: number;
  /** Answers lost (network error, timeout, 5xx): the stamp may or may not have been made. */
  uncertain: number;
  refused: number;
}

interface Health {
  status: number;
  body: { ok?: boolean; database?: string; redis?: string };
  ms: number;
}

interface FaultRow {
  fault: string;
  stamped: number;
  uncertain: number;
  refused: number;
  missing: number;
  doubled: number;
  truthMs: number;
  slowestHealthMs: number;
  /** Live-feed lines one server's feed received while the fault lasted (stamps made through either server). */
  feedLines: number;
  /** How long the restore step itself took (Redis or a server starting again). */
  restoreMs: number;
  recoveredMs: number;
  unexpectedExits: string[];
}

async function probeHealth(server: E2eServer): Promise<Health | undefined> {
  const started = Date.now();
  try {
    const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_TRUTH_MS + 1000) });
    return { status: response.status, body: (await response.json()) as Health['body'], ms: Date.now() - started };
  } catch {
    return undefined;
  }
}

describe('two servers under load while PostgreSQL, Redis and the servers falter', () => {
  const adminUrl = process.env.PG_TEST_URL;
  const databaseName = `stampwise_faults_${process.pid}`;
  let database: ScratchDatabase | undefined;
  let admin: pg.Client;
  let check: pg.Pool;
  let proxy: TcpProxy;
  let redis: PrivateRedis;
  let env: Record<string, string>;
  const slots: Slot[] = [];
  const unexpectedExits: string[] = [];
  let vendor: SignedUpVendor;
  const customers: Customer[] = [];
  const rows: FaultRow[] = [];

  // ---------------------------------------------------------------------------------------------
  // Servers

  let serverCount = 0;
  async function startSlot(): Promise<Slot> {
    serverCount += 1;
    const slot: Slot = { name: `server ${serverCount}`, server: await startServer(env) };
    slot.exit = new Promise((resolve) => {
      slot.server.process.once('exit', (code, signal) => {
        if (slot.expectedExit === undefined) unexpectedExits.push(`${slot.name} exited (code ${code}, signal ${signal})\n${slot.server.output().slice(-2000)}`);
        resolve({ code, signal });
      });
    });
    slots.push(slot);
    return slot;
  }

  /** Servers that were stopped or killed, for FAULTS_LOG_DIR. */
  const gone: Slot[] = [];
  function removeSlot(slot: Slot): void {
    slots.splice(slots.indexOf(slot), 1);
    gone.push(slot);
  }

  // ---------------------------------------------------------------------------------------------
  // Load: each customer scans a fresh counter QR through the servers in turn

  let running = false;
  let workers: Promise<void>[] = [];
  let turn = 0;

  async function scanOnce(customer: Customer | undefined, ip: string): Promise<{ outcome: 'stamped' | 'uncertain' | 'refused'; credential?: string; cardId?: string }> {
    const live = slots.filter((s) => s.expectedExit === undefined);
    const slot = live[turn++ % Math.max(1, live.length)];
    if (!slot) return { outcome: 'refused' };
    const base = slot.server.baseUrl;
    let token: string;
    try {
      const issued = await fetch(`${base}/api/qrcode/generate/${vendor.vendorId}`, {
        headers: { authorization: `Bearer ${vendor.token}`, 'x-forwarded-for': ip },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!issued.ok) return { outcome: 'refused' }; // no token, no scan: nothing can have been stamped
      token = ((await issued.json()) as { token: string }).token;
    } catch {
      return { outcome: 'refused' };
    }
    try {
      const response = await fetch(`${base}/api/customer/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(customer ? { [CUSTOMER_CREDENTIAL_HEADER]: customer.credential } : {}) },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => ({}))) as { credential?: string; card?: { id: string } };
      if (response.status === 200) return { outcome: 'stamped', credential: body.credential, cardId: body.card?.id };
      return { outcome: response.status >= 500 ? 'uncertain' : 'refused' };
    } catch {
      return { outcome: 'uncertain' };
    }
  }

  function startLoad(): void {
    running = true;
    workers = customers.map(async (customer, index) => {
      await sleep((index * PACE_MS) / customers.length);
      while (running) {
        const started = Date.now();
        const result = await scanOnce(customer, customer.ip);
        if (result.outcome === 'stamped') customer.acked += 1;
        else if (result.outcome === 'uncertain') customer.uncertain += 1;
        else customer.refused += 1;
        await sleep(Math.max(0, PACE_MS - (Date.now() - started)));
      }
    });
  }

  async function stopLoad(): Promise<void> {
    running = false;
    await Promise.all(workers);
  }

  const totals = () => ({
    stamped: customers.reduce((n, c) => n + c.acked, 0),
    uncertain: customers.reduce((n, c) => n + c.uncertain, 0),
    refused: customers.reduce((n, c) => n + c.refused, 0),
  });

  /** Every acknowledged stamp is in the database, and none twice: events per card and the card's count. */
  async function integrity(): Promise<{ missing: number; doubled: number }> {
    let missing = 0;
    let doubled = 0;
    for (const customer of customers) {
      const events = Number((await check.query<{ n: string }>('select count(*) as n from stamp_events where card_id = $1', [customer.cardId])).rows[0].n);
      const stamps = Number((await check.query<{ stamps: number }>('select stamps from stamp_cards where id = $1', [customer.cardId])).rows[0].stamps);
      missing += Math.max(0, customer.acked - events);
      doubled += Math.max(0, events - (customer.acked + customer.uncertain)) + Math.abs(stamps - events);
    }
    return { missing, doubled };
  }

  // ---------------------------------------------------------------------------------------------
  // One fault: inject, see health tell the truth, hold, restore, see service recover, check the data

  interface Fault {
    name: string;
    inject(): Promise<void>;
    /** What a truthful health answer looks like while the fault lasts. */
    truthful(health: Health): boolean;
    /** Called every second while the fault is held (e.g. terminate again). */
    during?(): Promise<void>;
    restore(): Promise<void>;
  }

  /** Polls every live server's health until all are truthful; answers the time it took and the slowest answer. */
  async function untilEveryHealth(accept: (health: Health) => boolean, budgetMs: number): Promise<{ ms: number; slowest: number }> {
    const started = Date.now();
    let slowest = 0;
    for (;;) {
      const live = slots.filter((s) => s.expectedExit === undefined);
      const answers = await Promise.all(live.map((s) => probeHealth(s.server)));
      for (const answer of answers) slowest = Math.max(slowest, answer?.ms ?? HEALTH_TRUTH_MS + 1000);
      if (answers.every((a) => a !== undefined && accept(a))) return { ms: Date.now() - started, slowest };
      if (Date.now() - started > budgetMs) return { ms: Number.POSITIVE_INFINITY, slowest };
      await sleep(100);
    }
  }

  /** Service is back when every live server is healthy (database and Redis up) and stamps through it. */
  async function untilRecovered(budgetMs: number): Promise<number> {
    const started = Date.now();
    const healthy = await untilEveryHealth((h) => h.status === 200 && h.body.database === 'up' && h.body.redis === 'up', budgetMs);
    if (!Number.isFinite(healthy.ms)) return Number.POSITIVE_INFINITY;
    const live = slots.filter((s) => s.expectedExit === undefined);
    const stampedBy = new Set<Slot>();
    while (stampedBy.size < live.length && Date.now() - started < budgetMs) {
      const before = turn;
      const customer = customers[0];
      const result = await scanOnce(customer, customer.ip);
      if (result.outcome === 'stamped') {
        customer.acked += 1;
        stampedBy.add(live[before % live.length]);
      } else if (result.outcome === 'uncertain') customer.uncertain += 1;
      else customer.refused += 1;
    }
    return stampedBy.size === live.length ? Date.now() - started : Number.POSITIVE_INFINITY;
  }

  /** The vendor's live feed on `slot`, counting `activity` events as they arrive. */
  async function openFeed(slot: Slot): Promise<{ lines(): number; close(): void }> {
    const { url } = await vendorApi<{ url: string }>(slot.server, vendor, 'POST', `/api/activity/${vendor.vendorId}/stream-ticket`);
    const controller = new AbortController();
    const response = await fetch(`${slot.server.baseUrl}${url}`, { signal: controller.signal });
    if (response.status !== 200 || !response.body) throw new Error(`live feed on ${slot.name}: ${response.status}`);
    let lines = 0;
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) lines += decoder.decode(chunk, { stream: true }).split('event: activity').length - 1;
      } catch {
        // closed by us, or the server went away
      }
    })();
    return { lines: () => lines, close: () => controller.abort() };
  }

  async function runFault(fault: Fault): Promise<FaultRow> {
    const before = totals();
    const exitsBefore = unexpectedExits.length;
    const feed = await openFeed(slots[slots.length - 1]);
    startLoad();
    await sleep(1500); // load under way before the fault
    const feedBefore = feed.lines();
    await fault.inject();
    const truth = await untilEveryHealth(fault.truthful, HEALTH_TRUTH_MS);
    let slowestHealthMs = truth.slowest;
    const holdUntil = Date.now() + FAULT_HOLD_MS;
    while (Date.now() < holdUntil) {
      await fault.during?.();
      const answers = await Promise.all(slots.filter((s) => s.expectedExit === undefined).map((s) => probeHealth(s.server)));
      for (const answer of answers) slowestHealthMs = Math.max(slowestHealthMs, answer?.ms ?? HEALTH_TRUTH_MS + 1000);
      await sleep(1000);
    }
    const feedLines = feed.lines() - feedBefore;
    feed.close();
    const restoreStarted = Date.now();
    await fault.restore();
    const restoreMs = Date.now() - restoreStarted;
    const recoveredMs = await untilRecovered(RECOVERY_MS);
    await stopLoad();
    const after = totals();
    const { missing, doubled } = await integrity();
    const row: FaultRow = {
      fault: fault.name,
      stamped: after.stamped - before.stamped,
      uncertain: after.uncertain - before.uncertain,
      refused: after.refused - before.refused,
      missing,
      doubled,
      truthMs: truth.ms,
      slowestHealthMs,
      feedLines,
      restoreMs,
      recoveredMs,
      unexpectedExits: unexpectedExits.slice(exitsBefore),
    };
    rows.push(row);
    return row;
  }

  function expectSurvived(row: FaultRow): void {
    expect(row.unexpectedExits).toEqual([]);
    expect(row.missing).toBe(0);
    expect(row.doubled).toBe(0);
    expect(row.stamped).toBeGreaterThan(0);
    expect(row.truthMs).toBeLessThanOrEqual(HEALTH_TRUTH_MS);
    expect(row.slowestHealthMs).toBeLessThan(HEALTH_TRUTH_MS);
    expect(row.recoveredMs).toBeLessThanOrEqual(RECOVERY_MS);
  }

  // ---------------------------------------------------------------------------------------------

  beforeAll(async () => {
    if (!adminUrl) {
      throw new Error('PG_TEST_URL is not set: the fault suite needs PostgreSQL (a role that may CREATE DATABASE), e.g. PG_TEST_URL=postgres://stampwise:stampwise@127.0.0.1:5432/stampwise_test');
    }
    if (!hasRedisServer()) throw new Error('redis-server is not installed: the fault suite needs it (Debian: apt-get install redis-server)');

    database = await createScratchDatabase(adminUrl, databaseName, 'stampwise-faults-check');
    ({ admin, check } = database);
    const direct = database.url;
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(direct.toString());
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    redis = await startPrivateRedis();

    env = {
      DATABASE_URL: throughProxy.toString(),
      REDIS_URL: redis.url,
      // Shared by both servers: a session or QR token from one is good on the other.
      SESSION_SECRET: 'fault-suite-session-secret-0123456789abcdef',
      TRUST_PROXY: '1',
      STAMP_COOLDOWN_MINUTES: '0',
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'warn',
    };
    await startSlot(); // migrates the new database
    await startSlot();

    vendor = await signUpVendor(slots[0].server);
    await vendorApi(slots[0].server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const ip = `10.13.0.${i + 1}`;
      const first = await scanOnce(undefined, ip);
      if (first.outcome !== 'stamped' || !first.credential || !first.cardId) throw new Error(`could not create customer ${i + 1}: ${first.outcome}`);
      customers.push({ ip, credential: first.credential, cardId: first.cardId, acked: 1, uncertain: 0, refused: 0 });
    }
  }, 120_000);

  afterAll(async () => {
    running = false;
    await Promise.allSettled(workers);
    if (rows.length > 0) printTable(rows);
    // FAULTS_LOG_DIR: keep every server's output (CI artifacts, or a look at what was logged per outage).
    const logDir = process.env.FAULTS_LOG_DIR;
    if (logDir) {
      fs.mkdirSync(logDir, { recursive: true });
      for (const slot of [...slots, ...gone]) fs.writeFileSync(path.join(logDir, `${slot.name.replace(/\s+/g, '-')}.log`), slot.server.output());
    }
    for (const slot of slots.splice(0)) {
      slot.expectedExit = 'SIGTERM';
      await slot.server.stop();
    }
    await redis?.stop();
    await proxy?.close();
    await database?.drop();
  }, 60_000);

  it('survives terminated database connections (pg_terminate_backend, as a restart or failover does)', async () => {
    const terminate = async () => {
      // Every connection of the servers (pool and live-feed listener), not the suite's own checker. Only client
      // backends of our own role: an autovacuum worker busy on this database is a superuser process, and
      // terminating it fails the whole statement ("must be a superuser to terminate superuser process").
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND application_name <> 'stampwise-faults-check' AND backend_type = 'client backend' AND usename = current_user`,
        [databaseName],
      );
    };
    expectSurvived(
      await runFault({
        name: 'DB connections terminated',
        inject: terminate,
        during: terminate,
        // The database itself is up: a truthful health says so.
        truthful: (h) => h.status === 200 && h.body.database === 'up',
        restore: async () => undefined,
      }),
    );
  });

  it('survives Redis stopping and coming back, the live feed carried by the database meanwhile', async () => {
    const row = await runFault({
      name: 'Redis stopped, restarted',
      inject: () => redis.stop(),
      truthful: (h) => h.status === 200 && h.body.database === 'up' && h.body.redis === 'down',
      restore: () => redis.start(),
    });
    expectSurvived(row);
    // Stamps made through both servers kept reaching the feed without Redis.
    expect(row.feedLines).toBeGreaterThan(0);
  });

  it('survives PostgreSQL freezing (accepts, never answers)', async () => {
    expectSurvived(
      await runFault({
        name: 'PostgreSQL frozen (silent proxy)',
        inject: async () => proxy.freeze(),
        truthful: (h) => h.status === 503 && h.body.database === 'down',
        restore: async () => proxy.thaw(),
      }),
    );
  });

  it('loses no acknowledged stamp when a server is killed with SIGKILL, and the restarted one serves', async () => {
    let victim: Slot | undefined;
    expectSurvived(
      await runFault({
        name: 'kill -9 one server, restart',
        inject: async () => {
          victim = slots[0];
          victim.expectedExit = 'SIGKILL';
          victim.server.process.kill('SIGKILL');
        },
        truthful: (h) => h.status === 200,
        restore: async () => {
          if (!victim) return;
          await victim.exit;
          removeSlot(victim);
          await victim.server.stop(); // its mail capture and data directory
          await startSlot();
        },
      }),
    );
  });

  it('finishes in-flight work and exits 0 on SIGTERM, while the other server carries on', async () => {
    let victim: Slot | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let exitMs = Number.POSITIVE_INFINITY;
    expectSurvived(
      await runFault({
        name: 'SIGTERM one server',
        inject: async () => {
          victim = slots[0];
          victim.expectedExit = 'SIGTERM';
          const signalled = Date.now();
          victim.server.process.kill('SIGTERM');
          void victim.exit?.then((result) => {
            exit = result;
            exitMs = Date.now() - signalled;
          });
        },
        truthful: (h) => h.status === 200,
        restore: async () => {
          if (!victim) return;
          await victim.exit;
          removeSlot(victim);
          await victim.server.stop(); // its mail capture and data directory
        },
      }),
    );
    // On a failure, the victim's own last words say what held the stop up.
    const lastWords = exit?.code === 0 ? '' : victim?.server.output().slice(-4000) ?? '';
    expect({ exit, lastWords }).toEqual({ exit: { code: 0, signal: null }, lastWords: '' });
    expect(exitMs).toBeLessThan(10_000);
  });
});

function printTable(rows: FaultRow[]): void {
  const format = (ms: number) => (Number.isFinite(ms) ? String(ms) : 'never');
  const header = ['fault', 'stamped', 'uncertain', 'refused', 'missing', 'doubled', 'health truthful ms', 'slowest health ms', 'feed lines', 'restore ms', 'recovered ms', 'died'];
  const lines = rows.map((r) => [r.fault, String(r.stamped), String(r.uncertain), String(r.refused), String(r.missing), String(r.doubled), format(r.truthMs), String(r.slowestHealthMs), String(r.feedLines), String(r.restoreMs), format(r.recoveredMs), String(r.unexpectedExits.length)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const table = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(line)].join('\n');
  // stdout (not console.log: jest would wrap it in a stack-traced block), so CI logs show it plainly.
  process.stdout.write(`\nFault suite (stamped/uncertain/refused: scans during that step; missing/doubled: whole run so far)\n${table}\n`);
  for (const row of rows) for (const exit of row.unexpectedExits) process.stdout.write(`\n${exit}\n`);
}
