// Redis is an accelerator, not a single point of failure. While it is away, rate limits count
// in this process, the live feed goes another way, health says `redis: "down"` (and stays 200), and no
// request waits on it for more than a second; when it is back, everything uses it again by itself —
// including the live-feed subscription of a server that started without it.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { createActivityBus, type ActivityBus, type ActivityNotice } from '../../../server/infra/activity-bus';
import { connectRedis, type RedisHandle } from '../../../server/infra/redis';
import { fallbackRateLimitStore, type FallbackRedis } from '../../../server/infra/rate-limit-store';
import { STREAM_TICKETS_PER_MINUTE } from '../../../server/routes/activity';
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor, type TestVendor } from '../factories';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../redis-server';

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

/** Asks for stream tickets until refused; answers how many were given and the slowest answer. */
async function ticketsUntilRefused(app: FastifyInstance, vendor: TestVendor, limit = 100): Promise<{ given: number; slowestMs: number }> {
  let slowestMs = 0;
  for (let given = 0; given < limit; given += 1) {
    const started = Date.now();
    const response = await app.inject({ method: 'POST', url: `/api/activity/${vendor.id}/stream-ticket`, headers: vendor.auth });
    slowestMs = Math.max(slowestMs, Date.now() - started);
    if (response.statusCode === 429) return { given, slowestMs };
    expect(response.statusCode).toBe(200);
  }
  return { given: limit, slowestMs };
}

async function health(app: FastifyInstance): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const started = Date.now();
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: response.statusCode, body: response.json(), ms: Date.now() - started };
}

// The real timers, for a cap that only a failing run reaches (below).
const realSetTimeout = setTimeout;
const realClearTimeout = clearTimeout;

/**
 * Runs `body` with jest's fake clock standing still. With Redis away, no answer may wait on Redis at all: an
 * answer that waited for a command's or a reconnect's time-out (or any timer) never comes while the clock stands
 * still, however fast or loaded the machine is; one that does not comes as soon as the database has answered
 * (SQLite or PostgreSQL: sockets and `setImmediate` stay real). Timers still pending when the clock turns real
 * again are dropped: fine for this connection to a port nothing listens on, which needs none afterwards.
 */
async function onStoppedClock(body: () => Promise<void>): Promise<void> {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    await body();
  } finally {
    jest.useRealTimers();
  }
}

/** `pending`'s answer on the stopped clock; after 10 s of the real one (a failing run only) it is taken as never. */
async function answeredWithoutWaiting<T>(pending: Promise<T>): Promise<T> {
  let cap: ReturnType<typeof setTimeout> | undefined;
  const never = new Promise<never>((_resolve, reject) => {
    cap = realSetTimeout(() => reject(new Error('no answer while the clock stood still: it waits on a timer')), 10_000);
  });
  try {
    return await Promise.race([pending, never]);
  } finally {
    realClearTimeout(cap);
  }
}

describe('the rate-limit store', () => {
  it('counts in this process when a Redis command fails, even while Redis looks up', async () => {
    // The slice of ioredis RedisStore uses: defineCommand, then the defined command, failing as a timed-out call would.
    const commands = {
      defineCommand: () => undefined,
      rateLimit: (...args: unknown[]) => (args[args.length - 1] as (error: Error) => void)(new Error('Command timed out')),
    } as unknown as FallbackRedis['commands'];
    const Store = fallbackRateLimitStore({ commands, status: () => 'up' });
    const store = new Store({});
    const counts: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await new Promise<void>((resolve, reject) => store.incr('k', (error, result) => (error ? reject(error) : (counts.push(result?.current ?? -1), resolve())), 60_000, 10));
    }
    expect(counts).toEqual([1, 2, 3]);
  });
});

describe('with Redis unreachable', () => {
  let t: TestApp;
  let redis: RedisHandle;
  let app: FastifyInstance;
  let vendor: TestVendor;
  beforeAll(async () => {
    t = await buildTestApp();
    redis = await connectRedis(`redis://127.0.0.1:${await closedPort()}`, { commandTimeoutMs: 500 });
    app = await buildApp({ ...t.deps, redis });
    await app.ready();
    vendor = await createVendor(t);
  });
  afterAll(async () => {
    await app.close();
    await redis.close();
    await t.close();
  });

  it('stays healthy (200) and says redis is down, within 2 s', async () => {
    await onStoppedClock(async () => {
      const response = await answeredWithoutWaiting(app.inject({ method: 'GET', url: '/api/health' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ ok: true, database: 'up', redis: 'down' });
    });
  });

  it('still limits, counting in this process, and never makes a request wait a second', async () => {
    await onStoppedClock(async () => {
      const ticket = () => app.inject({ method: 'POST', url: `/api/activity/${vendor.id}/stream-ticket`, headers: vendor.auth });
      for (let given = 0; given < STREAM_TICKETS_PER_MINUTE; given += 1) {
        expect((await answeredWithoutWaiting(ticket())).statusCode).toBe(200);
      }
      expect((await answeredWithoutWaiting(ticket())).statusCode).toBe(429);
    });
  });

  it('delivers the live feed without Redis', async () => {
    const bus = await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, t.db, { redis, onError: () => undefined });
    try {
      const received: ActivityNotice[] = [];
      bus.subscribe(vendor.id, (notice) => received.push(notice));
      await bus.ready();
      bus.publish({ type: 'stamp', vendorId: vendor.id, id: 'e-1' });
      await waitFor(() => received.length === 1, 3000);
    } finally {
      await bus.close();
    }
  });
});

// On the real clock: a fake one would hold back the reconnect timers ioredis sets while redis-server is down,
// and leaving it drops them, so the connections would never come back to the restarted server.
(hasRedisServer() ? describe : describe.skip)('with a real Redis that stops and comes back (redis-server)', () => {
  let t: TestApp;
  let server: PrivateRedis;
  const handles: RedisHandle[] = [];
  const apps: FastifyInstance[] = [];
  const buses: ActivityBus[] = [];
  let vendor: TestVendor;

  const appOn = async (redis: RedisHandle) => {
    const app = await buildApp({ ...t.deps, redis });
    await app.ready();
    apps.push(app);
    return app;
  };
  const connect = async () => {
    const handle = await connectRedis(server.url, { commandTimeoutMs: 500 });
    handles.push(handle);
    return handle;
  };

  beforeEach(async () => {
    t = await buildTestApp();
    server = await startPrivateRedis();
    vendor = await createVendor(t);
  });
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
    for (const app of apps.splice(0)) await app.close();
    for (const handle of handles.splice(0)) await handle.close();
    await server.stop();
    await t.close();
  });

  it('shares limits between servers, counts per server while Redis is down, and shares again when it is back', async () => {
    const [a, b] = [await connect(), await connect()];
    await Promise.all([a.waitUntilUp(3000), b.waitUntilUp(3000)]);
    const [appA, appB] = [await appOn(a), await appOn(b)];
    expect((await ticketsUntilRefused(appA, vendor, 20)).given).toBe(20);
    // Shared: the second server has only what is left of the one budget.
    expect((await ticketsUntilRefused(appB, vendor)).given).toBe(STREAM_TICKETS_PER_MINUTE - 20);

    await server.stop();
    expect(await waitFor(async () => (await health(appA)).body.redis === 'down', 2000)).toBeLessThan(2000);
    const during = await health(appB);
    expect(during.status).toBe(200);
    expect(during.ms).toBeLessThan(2000);
    // Per server now: a fresh local budget, and no answer waits on the missing Redis.
    const local = await ticketsUntilRefused(appB, vendor);
    expect(local.given).toBe(STREAM_TICKETS_PER_MINUTE);
    expect(local.slowestMs).toBeLessThan(1000);

    await server.start();
    await waitFor(async () => (await health(appA)).body.redis === 'up' && (await health(appB)).body.redis === 'up', 10_000);
    // Back on the shared budget (Redis lost its counts with the restart: a fresh one).
    expect((await ticketsUntilRefused(appA, vendor, 10)).given).toBe(10);
    expect((await ticketsUntilRefused(appB, vendor)).given).toBe(STREAM_TICKETS_PER_MINUTE - 10);
  });

  it('gives a server that started while Redis was down its feed from the other servers once Redis is back', async () => {
    await server.stop();
    const late = await connect();
    const lateBus = await createActivityBus({ databaseUrl: undefined, redisUrl: undefined }, t.db, { redis: late, onError: () => undefined });
    buses.push(lateBus);
    const received: ActivityNotice[] = [];
    lateBus.subscribe(vendor.id, (notice) => received.push(notice));

    await server.start();
    const other = await connect();
    await Promise.all([late.waitUntilUp(5000), other.waitUntilUp(5000)]);
    const otherBus = await createActivityBus({ databaseUrl: undefined, redisUrl: undefined }, t.db, { redis: other, onError: () => undefined });
    buses.push(otherBus);
    // SQLite has no cross-process fallback: this notice can only arrive through Redis.
    await waitFor(async () => {
      otherBus.publish({ type: 'stamp', vendorId: vendor.id, id: `e-${Date.now()}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
      return received.length > 0;
    }, 5000);
  });
});
