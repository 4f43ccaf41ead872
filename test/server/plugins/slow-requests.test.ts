// A request the server has not answered for SLOW_REQUEST_MS says so in the log at warn, while it still
// waits: its path, how long, its stage, and what the app adds (on SQLite, the read worker's backlog);
// again each time its wait doubles, and once more if its client gives up. Answered and streamed requests say nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import slowRequests, { SLOW_REQUEST_CHECK_MS, SLOW_REQUEST_MS } from '../../../server/plugins/slow-requests';

let now = 0;

async function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  await app.register(slowRequests, { clock: () => now, context: () => ({ readWorker: { waiting: 1 } }) });
  let arrived: () => void = () => undefined;
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/api/dashboard/:id', async () => {
    arrived();
    await released;
    return { ok: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  app.get('/stream', async (_request, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.write('first chunk');
    await released;
    reply.raw.end();
    return reply;
  });
  return { app, lines, release, arrival };
}

/** Moves the clock and the watch's timer on by `ms`, a check at a time. */
async function pass(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += SLOW_REQUEST_CHECK_MS) {
    now += SLOW_REQUEST_CHECK_MS;
    jest.advanceTimersByTime(SLOW_REQUEST_CHECK_MS);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const warnings = (lines: Record<string, unknown>[]) => lines.filter((line) => line.msg === 'request still unanswered');

beforeEach(() => {
  now = 0;
  // Only the watch's interval runs on fake time; the clock is the test's own.
  jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  jest.useRealTimers();
});

it('warns of a request still unanswered after 5 s with its path, wait, stage and the app context, and again when its wait doubles', async () => {
  const { app, lines, release } = await appWithLog();
  const answer = app.inject({ method: 'GET', url: '/api/dashboard/store-1?utcOffset=60' });
  await new Promise((resolve) => setImmediate(resolve));
  await pass(SLOW_REQUEST_MS - SLOW_REQUEST_CHECK_MS);
  expect(warnings(lines)).toHaveLength(0);
  await pass(SLOW_REQUEST_CHECK_MS);
  expect(warnings(lines)).toEqual([
    expect.objectContaining({ level: 40, method: 'GET', path: '/api/dashboard/store-1', waitedMs: SLOW_REQUEST_MS, stage: 'handler', othersWaiting: 0, readWorker: { waiting: 1 } }),
  ]);
  await pass(SLOW_REQUEST_MS - SLOW_REQUEST_CHECK_MS);
  expect(warnings(lines)).toHaveLength(1);
  await pass(SLOW_REQUEST_CHECK_MS);
  expect(warnings(lines).map((line) => line.waitedMs)).toEqual([SLOW_REQUEST_MS, 2 * SLOW_REQUEST_MS]);
  release();
  expect((await answer).statusCode).toBe(200);
  await pass(4 * SLOW_REQUEST_MS);
  expect(warnings(lines)).toHaveLength(2);
  await app.close();
});

it('says nothing of requests answered in time, or of an answer that is streaming', async () => {
  const { app, lines, release } = await appWithLog();
  expect((await app.inject({ method: 'GET', url: '/quick' })).statusCode).toBe(200);
  const streaming = app.inject({ method: 'GET', url: '/stream' });
  await new Promise((resolve) => setImmediate(resolve));
  await pass(3 * SLOW_REQUEST_MS);
  expect(warnings(lines)).toEqual([]);
  release();
  await streaming;
  await app.close();
});

it('says when a client gives up on a request it waited for past 5 s, and at which stage', async () => {
  const { app, lines, release, arrival } = await appWithLog();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const request = http.get({ host: '127.0.0.1', port, path: '/api/dashboard/store-1' });
  request.on('error', () => undefined);
  await arrival;
  await pass(SLOW_REQUEST_MS + SLOW_REQUEST_CHECK_MS);
  request.destroy();
  for (let turns = 0; turns < 1000 && !lines.some((line) => line.msg === 'request abandoned by its client'); turns += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(lines.filter((line) => line.msg === 'request abandoned by its client')).toEqual([
    expect.objectContaining({ level: 40, path: '/api/dashboard/store-1', waitedMs: SLOW_REQUEST_MS + SLOW_REQUEST_CHECK_MS, stage: 'handler' }),
  ]);
  release();
  await app.close();
});
