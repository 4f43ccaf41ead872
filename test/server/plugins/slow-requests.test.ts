// A request the server has not answered for SLOW_REQUEST_MS says so in the log at warn, while it still
// waits: its path, how long, its stage, and what the app adds (on SQLite, the read worker's backlog);
// again each time its wait doubles. Answered and streamed requests say nothing.
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
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/api/dashboard/:id', async () => {
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
  return { app, lines, release };
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
