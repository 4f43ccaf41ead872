// Background work (a campaign's plan, its sends) waits for a moment between requests: at once when none
// is being answered, after the last one's answer is out, and never longer than its limit; a request that
// has been open for long (a live feed) stops counting. The app's hooks tell it when requests start and end.
import Fastify from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createRequestsInFlight, LONG_REQUEST_MS } from '../../../server/infra/requests-in-flight';
import requestsInFlightPlugin from '../../../server/plugins/requests-in-flight';

/** Whether `promise` has settled after a few turns of the event loop. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 5; turn += 1) await nextTurn();
  return settled;
}

test('with no request being answered, a quiet moment comes at once', async () => {
  const requests = createRequestsInFlight();
  expect(await settledSoon(requests.quietMoment(60_000))).toBe(true);
});

test('while a request is being answered the background work waits, and goes on once the answer is out', async () => {
  const requests = createRequestsInFlight();
  const stamp = {};
  requests.started(stamp);
  const quiet = requests.quietMoment(60_000);
  expect(await settledSoon(quiet)).toBe(false);
  requests.finished(stamp);
  expect(await settledSoon(quiet)).toBe(true);
});

test('a request that begins in the same turn as the last one ends keeps the background work waiting', async () => {
  const requests = createRequestsInFlight();
  const first = {};
  requests.started(first);
  const quiet = requests.quietMoment(60_000);
  await nextTurn();
  requests.finished(first);
  const next = {};
  requests.started(next);
  expect(await settledSoon(quiet)).toBe(false);
  requests.finished(next);
  expect(await settledSoon(quiet)).toBe(true);
});

test('a server that is never quiet still gets its background work done after the longest wait', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  try {
    const requests = createRequestsInFlight(() => 0);
    requests.started({});
    const quiet = requests.quietMoment(1000);
    await jest.advanceTimersByTimeAsync(999);
    expect(await settledSoon(quiet)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settledSoon(quiet)).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});

test('a request open for longer than a short answer takes (a live feed) no longer holds background work up', async () => {
  let now = 0;
  const requests = createRequestsInFlight(() => now);
  requests.started({});
  expect(requests.busy()).toBe(true);
  now = LONG_REQUEST_MS + 1;
  expect(requests.busy()).toBe(false);
  expect(await settledSoon(requests.quietMoment(60_000))).toBe(true);
});

test("the app's hooks count a request from its arrival until its answer is out", async () => {
  const requests = createRequestsInFlight();
  const app = Fastify();
  await app.register(requestsInFlightPlugin, { requests });
  let release: () => void = () => undefined;
  const seenWhileAnswering: boolean[] = [];
  app.get('/slow', async () => {
    seenWhileAnswering.push(requests.busy());
    await new Promise<void>((resolve) => (release = resolve));
    return { ok: true };
  });
  const answer = app.inject({ method: 'GET', url: '/slow' });
  while (seenWhileAnswering.length === 0) await nextTurn();
  expect(requests.busy()).toBe(true);
  release();
  expect((await answer).statusCode).toBe(200);
  expect(seenWhileAnswering).toEqual([true]);
  expect(requests.busy()).toBe(false);
  await app.close();
});

describe('quiet steps: background work in short spells just after an answer', () => {
  const pace = { spellMs: 5, idleMs: 50, maxWaitMs: 250 };
  let requests: ReturnType<typeof createRequestsInFlight>;

  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    requests = createRequestsInFlight(() => Date.now());
  });
  afterEach(() => jest.useRealTimers());

  /** A request answered now. */
  const answer = () => {
    const request = {};
    requests.started(request);
    requests.finished(request);
  };

  test('steps go at once just after an answer, several in one spell, and none once the spell is over', async () => {
    const step = requests.quietSteps(pace);
    answer();
    expect(await settledSoon(step())).toBe(true);
    await jest.advanceTimersByTimeAsync(4);
    expect(await settledSoon(step())).toBe(true);
    await jest.advanceTimersByTimeAsync(2);
    expect(await settledSoon(step())).toBe(false);
  });

  test('a step due in the middle of the gap between answers waits for the next answer (the next request may come any moment)', async () => {
    const step = requests.quietSteps(pace);
    answer();
    await jest.advanceTimersByTimeAsync(10);
    const next = step();
    expect(await settledSoon(next)).toBe(false);
    await jest.advanceTimersByTimeAsync(10);
    expect(await settledSoon(next)).toBe(false);
    answer();
    expect(await settledSoon(next)).toBe(true);
  });

  test('once no answer went out for a while nobody is waiting for one: steps go at any moment', async () => {
    const step = requests.quietSteps(pace);
    answer();
    await jest.advanceTimersByTimeAsync(10);
    const next = step();
    await jest.advanceTimersByTimeAsync(39);
    expect(await settledSoon(next)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settledSoon(next)).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(await settledSoon(step())).toBe(true);
    // A server that was never asked anything is idle too.
    expect(await settledSoon(createRequestsInFlight(() => Date.now()).quietSteps(pace)())).toBe(true);
  });

  test('a server never quiet gives a spell anyway after the longest wait, with several steps in it', async () => {
    const step = requests.quietSteps(pace);
    requests.started({});
    const first = step();
    await jest.advanceTimersByTimeAsync(249);
    expect(await settledSoon(first)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settledSoon(first)).toBe(true);
    await jest.advanceTimersByTimeAsync(4);
    expect(await settledSoon(step())).toBe(true);
    await jest.advanceTimersByTimeAsync(2);
    expect(await settledSoon(step())).toBe(false);
  });
});
