// What an API client sees when the database falters. A database that refuses or never
// answers gets a JSON 503 (not a hang, not a crash) and /api/health says so within 2 s; a terminated
// connection is replaced by itself (PostgreSQL pass).
import net from 'node:net';
import { sql } from 'kysely';
import { buildApp, SERVICE_UNAVAILABLE_MESSAGE } from '../../../server/app';
import { openDb, type Db } from '../../../server/db';
import { describeStartupError, isDatabaseUnavailable } from '../../../server/db/errors';
import { DATABASE_UNAVAILABLE_REASON } from '../../../src/api/contract/protocol';
import { buildTestApp, usingPostgres, type TestApp } from '../helpers';
import { createVendor } from '../factories';

/** A TCP server that accepts connections and never says a word (a frozen database host). */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * `pending`'s answer once the fake clock has moved `ms` on, failing if it is still pending then. "Within 2 s"
 * is then 2 s of the server's own timers (connect and probe time-outs), however loaded the machine is; the
 * sockets stay real, and the clock yields to them between timers.
 */
async function answeredWithin<T>(pending: Promise<T>, ms: number): Promise<T> {
  let settled = false;
  const answer = pending.finally(() => {
    settled = true;
  });
  await jest.advanceTimersByTimeAsync(ms);
  if (!settled) throw new Error(`no answer within ${ms} ms`);
  return answer;
}

/** The test app's routes and deps, but on a PostgreSQL that is not there (`url`). */
async function appOnDatabase(t: TestApp, url: string): Promise<{ db: Db; app: Awaited<ReturnType<typeof buildApp>> }> {
  const db = openDb({ databaseUrl: url, sqlitePath: ':memory:', connectTimeoutMs: 300, statementTimeoutMs: 500, onConnectionError: () => undefined });
  const app = await buildApp({ ...t.deps, db });
  await app.ready();
  return { db, app };
}

describe('when the database is unreachable', () => {
  let t: TestApp;
  let vendorAuth: { authorization: string };
  let vendorId: string;
  beforeEach(async () => {
    t = await buildTestApp();
    const vendor = await createVendor(t);
    vendorAuth = vendor.auth;
    vendorId = vendor.id;
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers a JSON 503 with Retry-After when PostgreSQL refuses connections, and health says the database is down', async () => {
    const { app, db } = await appOnDatabase(t, `postgres://stampwise:x@127.0.0.1:${await closedPort()}/nowhere`);
    try {
      const response = await app.inject({ method: 'GET', url: `/api/vendor/${vendorId}`, headers: vendorAuth });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE, reason: DATABASE_UNAVAILABLE_REASON });

      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ ok: false, database: 'down', engine: 'postgres', redis: 'off', error: 'Database unreachable.' });
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('answers health within 2 s and requests with 503 (not a hang) when the database accepts but never answers', async () => {
    const silent = await silentServer();
    const { app, db } = await appOnDatabase(t, `postgres://stampwise:x@127.0.0.1:${silent.port}/frozen`);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const health = await answeredWithin(app.inject({ method: 'GET', url: '/api/health' }), 2000);
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ ok: false, database: 'down' });

      const response = await answeredWithin(app.inject({ method: 'GET', url: `/api/vendor/${vendorId}`, headers: vendorAuth }), 3000);
      expect(response.statusCode).toBe(503);
    } finally {
      jest.useRealTimers();
      // The silent host goes first: its closed sockets end any connection still waiting for it (whose fake
      // time-out will not fire now), so a failure above ends the test instead of hanging it.
      await silent.close();
      await app.close();
      await db.close().catch(() => undefined);
    }
  });
});

describe('database errors', () => {
  it('are told apart: connection trouble is "try again", a broken query is not', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('read as one line at start-up, saying where', () => {
    const refused = new AggregateError([Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5433'), { code: 'ECONNREFUSED' })], '');
    expect(describeStartupError(refused, 'postgres://app:secret@db.internal:5433/stampwise')).toBe('cannot reach PostgreSQL at db.internal:5433: connection refused');
    expect(describeStartupError(new Error('timeout exceeded when trying to connect'), 'postgres://app:secret@db/stampwise')).toBe(
      'cannot reach PostgreSQL at db:5432: no answer in time, or the connection was cut (is PostgreSQL listening on that port?)',
    );
    expect(describeStartupError(Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' }), 'postgres://app:x@db/s')).toBe(
      'cannot reach PostgreSQL at db:5432: password authentication failed',
    );
    expect(describeStartupError(new Error('disk I/O error\n    at somewhere'), undefined)).toBe('disk I/O error');
  });
});

(usingPostgres ? describe : describe.skip)('a terminated PostgreSQL connection (PostgreSQL pass)', () => {
  it('does not end the process: the pool replaces the connection and the next requests succeed', async () => {
    const applicationName = `stampwise-test-${process.pid}-${Date.now()}`;
    const lost: Error[] = [];
    const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: ':memory:', applicationName, onConnectionError: (error) => lost.push(error) });
    const t = await buildTestApp();
    const app = await buildApp({ ...t.deps, db });
    try {
      // Several connections open and idle in the pool.
      await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(db.kysely)));
      const terminated = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = ${applicationName}`.execute(t.db.kysely);
      expect(terminated.rows[0].n).toBeGreaterThan(0);
      // Every idle connection hears of its termination (an error event, which removes it from the pool); on a
      // loaded machine those events can arrive some milliseconds apart, so wait for all of them.
      const deadline = Date.now() + 5000;
      while (lost.length < terminated.rows[0].n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lost.length).toBe(terminated.rows[0].n);

      for (let i = 0; i < 3; i += 1) {
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
      }
    } finally {
      await app.close();
      await db.close();
      await t.close();
    }
  });
});
