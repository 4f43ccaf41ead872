// Redis gone mid-day with two servers: two built servers on one PostgreSQL database and one Redis, which stops
// and later comes back. Before, during and after: the per-address scan limit (counted once for both servers
// while Redis is up, by each server on its own while it is away), live-feed tickets (spent in the database:
// one opens one feed, on either server), counter codes made by one server and scanned on the other (once per
// customer), and the live feed on one server carrying the stamps made through the other. No answer is a 500,
// no request waits on Redis, and health says where Redis stands within 2 s. Needs PG_TEST_URL and redis-server.
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../server/redis-server';
import { createScratchDatabase, type ScratchDatabase } from '../server/scratch-postgres';

/** The per-address scan limit (server/routes/customer.ts): 60 a minute. */
const SCAN_LIMIT = 60;
const HEALTH_BUDGET_MS = 2000;
/** Longest a request may take with Redis away (REDIS_COMMAND_TIMEOUT_MS is 500 ms; none should wait at all). */
const ANSWER_BUDGET_MS = 1500;

/** A first start migrates a new database: on a machine busy with other work that can take longer than the usual 30 s. */
const START = { healthyWithinMs: 90_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  ms: number;
  body: { code?: string; credential?: string; error?: string };
}

describe('two servers sharing a Redis that stops mid-day and comes back', () => {
  const adminUrl = process.env.PG_TEST_URL;
  const databaseName = `stampwise_f_redis_${process.pid}`;
  let database: ScratchDatabase | undefined;
  let redis: PrivateRedis | undefined;
  const servers: E2eServer[] = [];
  let vendor: SignedUpVendor;
  const answers: { what: string; status: number; ms: number }[] = [];
  let addresses = 0;

  const freshAddress = () => {
    addresses += 1;
    return `10.23.${Math.floor(addresses / 200)}.${(addresses % 200) + 1}`;
  };

  async function scan(server: E2eServer, token: string, ip: string, credential?: string): Promise<Answer> {
    const started = Date.now();
    const response = await fetch(`${server.baseUrl}/api/customer/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(credential ? { [CUSTOMER_CREDENTIAL_HEADER]: credential } : {}) },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = { status: response.status, ms: Date.now() - started, body: (await response.json()) as Answer['body'] };
    answers.push({ what: `scan on ${server.baseUrl}`, status: answer.status, ms: answer.ms });
    return answer;
  }

  async function code(server: E2eServer): Promise<string> {
    return (await vendorApi<{ token: string }>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`)).token;
  }

  /**
   * Scans from one new address, in turns on the two servers (or on `only`), until one is refused with 429: how
   * many were let through. The code is one that no longer counts (a malformed one), so nothing is stamped.
   */
  async function scansUntilLimited(only?: E2eServer): Promise<number> {
    const ip = freshAddress();
    for (let sent = 0; sent < 3 * SCAN_LIMIT; sent += 1) {
      const server = only ?? servers[sent % 2]!;
      const answer = await scan(server, 'A'.repeat(51), ip);
      if (answer.status === 429) return sent;
    }
    return Number.POSITIVE_INFINITY;
  }

  async function ticket(server: E2eServer): Promise<string> {
    return (await vendorApi<{ url: string }>(server, vendor, 'POST', `/api/activity/${vendor.vendorId}/stream-ticket`)).url;
  }

  /** Opens the live feed at `url` on `server`, counting its `activity` events until closed. */
  async function openFeed(server: E2eServer, url: string): Promise<{ status: number; lines(): number; close(): void }> {
    const controller = new AbortController();
    const started = Date.now();
    const response = await fetch(`${server.baseUrl}${url}`, { signal: controller.signal });
    answers.push({ what: `feed on ${server.baseUrl}`, status: response.status, ms: Date.now() - started });
    let lines = 0;
    if (response.status === 200 && response.body) {
      const decoder = new TextDecoder();
      void (async () => {
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) lines += decoder.decode(chunk, { stream: true }).split('event: activity').length - 1;
        } catch {
          // closed by us
        }
      })();
    } else {
      await response.body?.cancel().catch(() => undefined);
    }
    return { status: response.status, lines: () => lines, close: () => controller.abort() };
  }

  async function health(server: E2eServer): Promise<{ status: number; redis?: string; ms: number }> {
    const started = Date.now();
    const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_BUDGET_MS + 1000) });
    const body = (await response.json()) as { redis?: string };
    return { status: response.status, redis: body.redis, ms: Date.now() - started };
  }

  /** Waits until both servers' health says Redis is `state`; answers how long that took. */
  async function untilRedis(state: 'up' | 'down', withinMs: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const both = await Promise.all(servers.map(health));
      for (const answer of both) expect(answer.ms).toBeLessThan(HEALTH_BUDGET_MS);
      if (both.every((answer) => answer.status === 200 && answer.redis === state)) return Date.now() - started;
      if (Date.now() - started > withinMs) throw new Error(`health did not say redis ${state} within ${withinMs} ms: ${JSON.stringify(both)}`);
      await sleep(100);
    }
  }

  /** A ticket opens one feed: on the other server, then on neither again. The feed carries stamps made through the other server. */
  async function ticketsAndFeedAcrossServers(): Promise<void> {
    const [first, second] = [servers[0]!, servers[1]!];
    const url = await ticket(first);
    const feed = await openFeed(second, url);
    expect(feed.status).toBe(200);
    try {
      expect((await openFeed(first, url)).status).toBe(401);
      expect((await openFeed(second, url)).status).toBe(401);
      // A code made by the first server, scanned on the second: taken once per customer.
      const ip = freshAddress();
      const token = await code(first);
      const stamped = await scan(second, token, ip);
      expect(stamped.status).toBe(200);
      expect((await scan(first, token, ip, stamped.body.credential)).body.code).toBe('already-collected');
      expect((await scan(first, await code(first), ip, stamped.body.credential)).status).toBe(200);
      // Stamps through the first server reach the feed on the second (through Redis, or the database while it is away).
      const deadline = Date.now() + 5000;
      while (feed.lines() < 1 && Date.now() < deadline) await sleep(100);
      expect(feed.lines()).toBeGreaterThanOrEqual(1);
    } finally {
      feed.close();
    }
  }

  beforeAll(async () => {
    if (!adminUrl) throw new Error('PG_TEST_URL is not set: the fault suite needs PostgreSQL (a role that may CREATE DATABASE)');
    if (!hasRedisServer()) throw new Error('redis-server is not installed: the fault suite needs it (Debian: apt-get install redis-server)');
    database = await createScratchDatabase(adminUrl, databaseName);
    redis = await startPrivateRedis();
    const env = {
      DATABASE_URL: database.url.toString(),
      REDIS_URL: redis.url,
      SESSION_SECRET: 'redis-faults-session-secret-0123456789abcdef',
      STAMP_COOLDOWN_MINUTES: '0',
      TRUST_PROXY: '1',
    };
    servers.push(await startServer(env, START)); // migrates the new database
    servers.push(await startServer(env, START));
    vendor = await signUpVendor(servers[0]!);
    await vendorApi(servers[0]!, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 100, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
    await untilRedis('up', 5000);
  });

  afterAll(async () => {
    for (const server of servers.splice(0)) await server.stop();
    await redis?.stop();
    await database?.drop();
  });

  it('with Redis up: one scan limit for both servers, tickets spent once, the feed across servers', async () => {
    expect(await scansUntilLimited()).toBe(SCAN_LIMIT);
    await ticketsAndFeedAcrossServers();
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  });

  it('with Redis stopped: each server counts its own limit, nothing waits on Redis, tickets and codes are still taken once', async () => {
    await redis!.stop();
    expect(await untilRedis('down', HEALTH_BUDGET_MS)).toBeLessThanOrEqual(HEALTH_BUDGET_MS);
    const before = answers.length;
    expect(await scansUntilLimited(servers[0])).toBe(SCAN_LIMIT);
    expect(await scansUntilLimited(servers[1])).toBe(SCAN_LIMIT);
    await ticketsAndFeedAcrossServers();
    const during = answers.slice(before);
    expect(during.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThan(ANSWER_BUDGET_MS);
    for (const server of servers) expect(server.process.exitCode).toBeNull();
  });

  it('with Redis back: one limit for both servers again, tickets spent once, the feed across servers', async () => {
    await redis!.start();
    await untilRedis('up', 10_000);
    expect(await scansUntilLimited()).toBe(SCAN_LIMIT);
    await ticketsAndFeedAcrossServers();
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    for (const server of servers) expect(server.process.exitCode).toBeNull();
  });
});
