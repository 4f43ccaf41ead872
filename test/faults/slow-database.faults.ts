// PostgreSQL slow, not down: one built server whose database connections go through a proxy on loopback that
// holds every answer 2 s (each round trip 2 s longer, on open connections and new ones), while customers scan,
// with the database time-outs as shipped. A new connection then needs more than DB_CONNECT_TIMEOUT_MS (its
// handshake and password exchange are three round trips), and the few open ones are taken by the background
// jobs and health's probes, so the server cannot record stamps: checked that every scan is answered, 200 or
// 503 with Retry-After and the "briefly unavailable" text, within the connect time-out and a margin (never a
// 500, never a hang); the server's own thread stays free (a page that needs no database is served at once);
// health answers within 2 s and says the database is not usable (503); the server does not exit; once the
// database is quick again, scans are quick again and every acknowledged stamp is on its card exactly once.
import pg from 'pg';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { createScratchDatabase, type ScratchDatabase } from '../server/scratch-postgres';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const LATE_MS = 2000;
const SLOW_FOR_MS = 25_000;
const CUSTOMERS = 3;
const PACE_MS = 1100;
const HEALTH_BUDGET_MS = 2000;
/** DB_CONNECT_TIMEOUT_MS as shipped, and a margin for a loaded machine. */
const SCAN_BUDGET_MS = 5000 + 2500;

/** A first start migrates a new database: on a machine busy with other work that can take longer than the usual 30 s. */
const START = { healthyWithinMs: 90_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Customer {
  ip: string;
  credential: string;
  cardId: string;
  acked: number;
  uncertain: number;
}

interface Answer {
  status: number;
  ms: number;
  error?: string;
  retryAfter?: string | null;
}

describe('one server on PostgreSQL whose every answer comes 2 s late', () => {
  const adminUrl = process.env.PG_TEST_URL;
  const databaseName = `stampwise_f_slow_${process.pid}`;
  let database: ScratchDatabase | undefined;
  let check: pg.Pool;
  let proxy: TcpProxy | undefined;
  let server: E2eServer | undefined;
  let vendor: SignedUpVendor;
  const customers: Customer[] = [];

  async function scan(customer: Customer | undefined, ip: string): Promise<Answer & { credential?: string; cardId?: string }> {
    const started = Date.now();
    try {
      const issued = await fetch(`${server!.baseUrl}/api/qrcode/generate/${vendor.vendorId}`, { headers: { authorization: `Bearer ${vendor.token}`, 'x-forwarded-for': ip }, signal: AbortSignal.timeout(60_000) });
      if (!issued.ok) return { status: issued.status, ms: Date.now() - started, error: ((await issued.json()) as { error?: string }).error, retryAfter: issued.headers.get('retry-after') };
      const { token } = (await issued.json()) as { token: string };
      const response = await fetch(`${server!.baseUrl}/api/customer/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(customer ? { [CUSTOMER_CREDENTIAL_HEADER]: customer.credential } : {}) },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await response.json()) as { credential?: string; card?: { id: string }; error?: string };
      return { status: response.status, ms: Date.now() - started, error: body.error, retryAfter: response.headers.get('retry-after'), credential: body.credential, cardId: body.card?.id };
    } catch (error) {
      return { status: 0, ms: Date.now() - started, error: String(error) };
    }
  }

  beforeAll(async () => {
    if (!adminUrl) throw new Error('PG_TEST_URL is not set: the fault suite needs PostgreSQL (a role that may CREATE DATABASE)');
    database = await createScratchDatabase(adminUrl, databaseName);
    check = database.check;
    proxy = await startTcpProxy({ host: database.url.hostname, port: Number(database.url.port || 5432) });
    const throughProxy = new URL(database.url.toString());
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    // The database's time-outs as shipped: the subject is what they make of a slow database.
    server = await startServer({ DATABASE_URL: throughProxy.toString(), STAMP_COOLDOWN_MINUTES: '0', TRUST_PROXY: '1' }, START);
    vendor = await signUpVendor(server);
    await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 100, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const ip = `10.19.0.${i + 1}`;
      const first = await scan(undefined, ip);
      if (first.status !== 200 || !first.credential || !first.cardId) throw new Error(`could not create customer ${i + 1}: ${JSON.stringify(first)}`);
      customers.push({ ip, credential: first.credential, cardId: first.cardId, acked: 1, uncertain: 0 });
    }
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  it('answers every scan (never 500), keeps its own thread free and health truthful, and is quick again afterwards', async () => {
    proxy!.slow(LATE_MS);
    const slowUntil = Date.now() + SLOW_FOR_MS;
    const scans: Answer[] = [];
    const health: { status: number; ms: number; database?: string }[] = [];
    const page: number[] = [];
    const workers = customers.map(async (customer, index) => {
      await sleep((index * PACE_MS) / customers.length);
      while (Date.now() < slowUntil) {
        const started = Date.now();
        const answer = await scan(customer, customer.ip);
        scans.push(answer);
        if (answer.status === 200) customer.acked += 1;
        else if (answer.status === 0 || answer.status >= 500) customer.uncertain += 1;
        await sleep(Math.max(0, PACE_MS - (Date.now() - started)));
      }
    });
    const watcher = (async () => {
      while (Date.now() < slowUntil) {
        let started = Date.now();
        const response = await fetch(`${server!.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
        const body = (await response.json()) as { database?: string };
        health.push({ status: response.status, ms: Date.now() - started, database: body.database });
        started = Date.now();
        await (await fetch(`${server!.baseUrl}/`, { signal: AbortSignal.timeout(10_000) })).text();
        page.push(Date.now() - started);
        await sleep(1000);
      }
    })();
    await Promise.all([...workers, watcher]);
    proxy!.slow(0);

    const seen = `scans ${JSON.stringify(scans.map((answer) => [answer.status, answer.ms]))}\nhealth ${JSON.stringify(health)}\npage ms ${JSON.stringify(page)}`;

    // Quick again: three scans in a row, each under 2 s, the delay of one database answer while the proxy held them
    // (a scan makes several): the bound tells "no longer held" from "still held" on a loaded 2-core machine, where a
    // healthy scan has been seen at just over a second while other suites ran beside this one.
    const after: Answer[] = [];
    for (const customer of customers) {
      const answer = await scan(customer, customer.ip);
      after.push(answer);
      if (answer.status === 200) customer.acked += 1;
    }
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(Math.max(...after.map((answer) => answer.ms))).toBeLessThan(2000);

    expect({ seen, answers: scans.filter((answer) => answer.status !== 200 && answer.status !== 503) }).toEqual({ seen, answers: [] });
    for (const answer of scans.filter((each) => each.status === 503)) {
      expect(answer.error).toBe('The service is briefly unavailable. Please try again in a few seconds.');
      expect(answer.retryAfter).toBe('5');
    }
    expect(scans.length).toBeGreaterThanOrEqual(CUSTOMERS * 3);
    expect({ seen, late: scans.filter((answer) => answer.ms >= SCAN_BUDGET_MS) }).toEqual({ seen, late: [] });
    expect(Math.max(...page)).toBeLessThan(500);
    expect(Math.max(...health.map((answer) => answer.ms))).toBeLessThan(HEALTH_BUDGET_MS);
    expect(health.filter((answer) => answer.status !== 503 || answer.database !== 'down')).toEqual([]);
    expect(server!.process.exitCode).toBeNull();

    for (const customer of customers) {
      const events = Number((await check.query<{ n: string }>('select count(*) as n from stamp_events where card_id = $1', [customer.cardId])).rows[0]!.n);
      const stamps = (await check.query<{ stamps: number }>('select stamps from stamp_cards where id = $1', [customer.cardId])).rows[0]!.stamps;
      expect(events).toBeGreaterThanOrEqual(customer.acked);
      expect(events).toBeLessThanOrEqual(customer.acked + customer.uncertain);
      expect(stamps).toBe(events);
    }
  }, 90_000);
});
