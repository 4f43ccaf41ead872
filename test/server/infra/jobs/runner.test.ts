// The durable job queue on the database under test (SQLite in memory, or PostgreSQL when DATABASE_URL
// is set): jobs commit with the change that enqueued them, run once, back off, die after the limit,
// and pass to another server when the one holding them stops renewing its lease.
import crypto from 'node:crypto';
import { migrateToLatest, openDb, type Db } from '../../../../server/db';
import { inTransaction } from '../../../../server/db/transactions';
import { createJobRunner, enqueueJob, PermanentJobError, type JobHandler, type JobRunnerOptions } from '../../../../server/infra/jobs';
import { claimJobs, completeJob, insertJobs } from '../../../../server/repositories/jobs';
import { timeOrderedId } from '../../../../server/infra/time-ordered-id';
import { testClock, usingPostgres, type TestClock } from '../../helpers';

let db: Db;
let clock: TestClock;

beforeEach(async () => {
  const pgSchema = usingPostgres ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: ':memory:', pgSchema });
  await migrateToLatest(db);
  clock = testClock();
});

afterEach(async () => {
  if (db.pgSchema) await db.kysely.schema.dropSchema(db.pgSchema).ifExists().cascade().execute();
  await db.close();
});

function runner(handlers: Record<string, JobHandler>, options: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({ db, handlers, owner: 'server-a', now: clock.now, random: () => 1, ...options });
}

async function enqueue(key: string, extra: { coalesceKey?: string; delayMs?: number; kind?: string } = {}) {
  return enqueueJob(db.kysely, clock.now(), { kind: extra.kind ?? 'push', payload: { key }, idempotencyKey: key, coalesceKey: extra.coalesceKey, delayMs: extra.delayMs });
}

async function jobStates() {
  return db.kysely.selectFrom('jobs').select(['idempotency_key', 'state', 'attempts', 'run_after', 'last_error']).orderBy('idempotency_key').execute();
}

test('a job enqueued in a transaction that rolls back never runs; one that commits runs once', async () => {
  await expect(
    inTransaction(db.kysely, async (trx) => {
      await enqueueJob(trx, clock.now(), { kind: 'push', payload: { n: 1 }, idempotencyKey: 'rolled-back' });
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');
  await inTransaction(db.kysely, (trx) => enqueueJob(trx, clock.now(), { kind: 'push', payload: { n: 2 }, idempotencyKey: 'committed' }));
  const seen: unknown[] = [];
  const jobs = runner({ push: async (payload) => { seen.push(payload); } });
  expect(await jobs.runOnce()).toBe(1);
  expect(await jobs.runOnce()).toBe(0);
  expect(seen).toEqual([{ n: 2 }]);
});

test('the same idempotency key enqueued twice, even after the first ran, runs once', async () => {
  expect(await enqueue('stamp-41')).toBe(true);
  expect(await enqueue('stamp-41')).toBe(false);
  let runs = 0;
  const jobs = runner({ push: async () => { runs += 1; } });
  await jobs.runOnce();
  expect(await enqueue('stamp-41')).toBe(false);
  await jobs.runOnce();
  expect(runs).toBe(1);
});

test('a burst of a hundred changes for one device waits out the window and runs once', async () => {
  for (let i = 0; i < 100; i += 1) await enqueue(`stamp-${i}`, { coalesceKey: 'device-1', delayMs: 3000 });
  let runs = 0;
  const jobs = runner({ push: async () => { runs += 1; } });
  clock.advance(2999);
  expect(await jobs.runOnce()).toBe(0);
  clock.advance(1);
  expect(await jobs.runOnce()).toBe(1);
  expect(runs).toBe(1);
  // After the run, the next change starts a new window.
  await enqueue('stamp-100', { coalesceKey: 'device-1', delayMs: 3000 });
  clock.advance(3000);
  expect(await jobs.runOnce()).toBe(1);
  expect(runs).toBe(2);
});

test('a failing job runs again after doubling waits, then goes to the dead letter after the limit', async () => {
  await enqueue('flaky');
  let runs = 0;
  const jobs = runner({ push: async () => { runs += 1; throw new Error('APNs answered 500'); } }, { maxAttempts: 3, backoff: { baseMs: 1000, maxMs: 60_000 } });
  expect(await jobs.runOnce()).toBe(1);
  expect((await jobStates())[0]).toMatchObject({ state: 'queued', attempts: 1, run_after: clock.now() + 1000, last_error: 'APNs answered 500' });
  clock.advance(999);
  expect(await jobs.runOnce()).toBe(0);
  clock.advance(1);
  expect(await jobs.runOnce()).toBe(1);
  expect((await jobStates())[0]).toMatchObject({ state: 'queued', attempts: 2, run_after: clock.now() + 2000 });
  clock.advance(2000);
  expect(await jobs.runOnce()).toBe(1);
  expect((await jobStates())[0]).toMatchObject({ state: 'dead', attempts: 3, last_error: 'APNs answered 500' });
  clock.advance(24 * 60 * 60_000);
  expect(await jobs.runOnce()).toBe(0);
  expect(runs).toBe(3);
});

test('a job the service refuses for good goes to the dead letter at once', async () => {
  await enqueue('malformed');
  const jobs = runner({ push: async () => { throw new PermanentJobError('400 BadDeviceToken'); } });
  await jobs.runOnce();
  clock.advance(60 * 60_000);
  expect(await jobs.runOnce()).toBe(0);
  expect((await jobStates())[0]).toMatchObject({ state: 'dead', attempts: 1, last_error: '400 BadDeviceToken' });
});

test('a job whose server died mid-run is taken over when the lease runs out, and the dead server cannot finish it', async () => {
  await enqueue('orphan');
  const [claimed] = await claimJobs(db.kysely, { dialect: db.dialect, owner: 'server-that-crashes', now: clock.now(), leaseMs: 60_000, kinds: ['push'], limit: 10 });
  expect(claimed?.idempotency_key).toBe('orphan');
  let runs = 0;
  const survivor = runner({ push: async () => { runs += 1; } }, { owner: 'server-b', leaseMs: 60_000 });
  clock.advance(59_999);
  expect(await survivor.runOnce()).toBe(0);
  clock.advance(2);
  expect(await survivor.runOnce()).toBe(1);
  expect(runs).toBe(1);
  expect(await completeJob(db.kysely, claimed!.id, 'server-that-crashes', clock.now())).toBe(false);
  expect((await jobStates())[0]).toMatchObject({ state: 'done', attempts: 2 });
});

test('two servers draining the same queue at once run every job exactly once', async () => {
  for (let i = 0; i < 40; i += 1) await enqueue(`job-${String(i).padStart(2, '0')}`);
  const runsByKey = new Map<string, number>();
  const handler: JobHandler = async (payload) => {
    const { key } = payload as { key: string };
    runsByKey.set(key, (runsByKey.get(key) ?? 0) + 1);
    await new Promise((resolve) => setImmediate(resolve));
  };
  const a = runner({ push: handler }, { owner: 'server-a', batchSize: 5 });
  const b = runner({ push: handler }, { owner: 'server-b', batchSize: 5 });
  for (let round = 0; round < 20; round += 1) {
    const [ranA, ranB] = await Promise.all([a.runOnce(), b.runOnce()]);
    if (ranA + ranB === 0) break;
  }
  expect(runsByKey.size).toBe(40);
  expect([...runsByKey.values()].every((runs) => runs === 1)).toBe(true);
  expect((await jobStates()).every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
});

test('a runner only claims the kinds it has handlers for', async () => {
  await enqueue('mail-1', { kind: 'mail' });
  const jobs = runner({ push: async () => undefined });
  expect(await jobs.runOnce()).toBe(0);
  expect((await jobStates())[0]).toMatchObject({ state: 'queued', attempts: 0 });
});

test('a started runner picks up a job woken after commit and stops cleanly', async () => {
  const ran: string[] = [];
  const jobs = runner({ push: async (payload) => { ran.push((payload as { key: string }).key); } }, { pollMs: 60_000 });
  jobs.start();
  await enqueue('woken');
  jobs.wake();
  await new Promise<void>((resolve) => {
    const check = () => (ran.length > 0 ? resolve() : setImmediate(check));
    check();
  });
  await jobs.stop();
  expect(ran).toEqual(['woken']);
});

test('a runner with no handlers never asks the database for jobs', async () => {
  jest.useFakeTimers();
  try {
    const errors: unknown[] = [];
    // A database that is already closed: any look for jobs would fail and be reported.
    const closed = openDb({ sqlitePath: ':memory:' });
    await closed.close();
    const jobs = createJobRunner({ db: closed, handlers: {}, owner: 'server-a', now: clock.now, pollMs: 1, onError: (error) => errors.push(error) });
    jobs.start();
    jobs.wake();
    jest.advanceTimersByTime(10);
    // stop() waits for any look that started, so its failure would be in `errors` by now.
    await jobs.stop();
    expect(errors).toEqual([]);
  } finally {
    jest.useRealTimers();
  }
});

/** The runner's database, counting the statements that change the jobs table's rows. */
function countingUpdates(): { db: Db; updates: () => number } {
  let updates = 0;
  const counting = db.kysely.withPlugin({
    transformQuery: (args) => {
      if (args.node.kind === 'UpdateQueryNode') updates += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: { ...db, kysely: counting }, updates: () => updates };
}

test('a batch of jobs that all succeed is marked done in one write, not one per job (the push queue keeps up with a burst)', async () => {
  for (let i = 0; i < 20; i += 1) await enqueue(`push-${String(i).padStart(2, '0')}`);
  const counted = countingUpdates();
  const jobs = runner({ push: async () => { await new Promise((resolve) => setImmediate(resolve)); } }, { db: counted.db, batchSize: 20 });
  expect(await jobs.runOnce()).toBe(20);
  // Claiming looks at leases that ran out, then at queued jobs (a write each); one write marks the batch done.
  expect(counted.updates()).toBe(3);
  expect((await jobStates()).every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
  expect(await jobs.runOnce()).toBe(0);
});

test('a job keyed by its own id is deleted once done, where a job with a key of its own is kept done; a failed one waits for its next try', async () => {
  const now = clock.now();
  const ids = [timeOrderedId(now), timeOrderedId(now), timeOrderedId(now)];
  // The shape of a campaign message's send job: its id is its key, and its own row (the message) is the record.
  await insertJobs(db.kysely, ids.map((id) => ({ id, kind: 'send', idempotencyKey: id, coalesceKey: null, payload: 'null', runAfter: now, now })));
  await enqueue('kept');
  const failing = ids[2];
  const jobs = runner({ send: async (_payload, { jobId }) => { if (jobId === failing) throw new Error('the mail server is down'); }, push: async () => undefined });
  expect(await jobs.runOnce()).toBe(4);
  const rows = await db.kysely.selectFrom('jobs').select(['id', 'idempotency_key', 'state', 'attempts']).execute();
  expect(rows.map(({ id, idempotency_key, state, attempts }) => ({ job: id === failing ? 'failing' : idempotency_key, state, attempts }))).toEqual(
    expect.arrayContaining([{ job: 'kept', state: 'done', attempts: 1 }, { job: 'failing', state: 'queued', attempts: 1 }]),
  );
  expect(rows).toHaveLength(2);
});

test("a job still running does not keep its batch's finished jobs from being marked done", async () => {
  await enqueue('fast-1');
  await enqueue('fast-2');
  await enqueue('slow');
  let releaseSlow: () => void = () => undefined;
  let slowStarted: () => void = () => undefined;
  const slowRunning = new Promise<void>((resolve) => { slowStarted = resolve; });
  const jobs = runner({
    push: (payload) => {
      if ((payload as { key: string }).key !== 'slow') return Promise.resolve();
      slowStarted();
      return new Promise<void>((resolve) => { releaseSlow = resolve; });
    },
  }, { timeoutMs: 60_000 });
  const stateOf = async (key: string) => (await jobStates()).find((job) => job.idempotency_key === key)?.state;
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  try {
    const run = jobs.runOnce();
    await slowRunning;
    // A second is far more than the runner waits for the rest of a batch before writing what is done.
    await jest.advanceTimersByTimeAsync(1000);
    expect(await stateOf('fast-1')).toBe('done');
    expect(await stateOf('fast-2')).toBe('done');
    expect(await stateOf('slow')).toBe('running');
    releaseSlow();
    expect(await run).toBe(3);
    expect(await stateOf('slow')).toBe('done');
  } finally {
    jest.useRealTimers();
  }
});

test('with a concurrency below the batch, the batch runs that many jobs at a time and serves the event loop between them', async () => {
  for (let i = 0; i < 6; i += 1) await enqueue(`paced-${i}`);
  let inFlight = 0;
  let mostInFlight = 0;
  let between = 0;
  const jobs = runner(
    {
      push: async () => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        // A request arriving meanwhile (a macrotask) gets its turn before the next job starts.
        setImmediate(() => void (between += 1));
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
      },
    },
    { batchSize: 6, concurrency: 2 },
  );
  expect(await jobs.runOnce()).toBe(6);
  expect(mostInFlight).toBe(2);
  expect(between).toBeGreaterThanOrEqual(4);
  expect((await jobStates()).every((job) => job.state === 'done')).toBe(true);
});

test('with a rate, a batch that would run all at once starts its jobs evenly spaced at that rate, and no closer across batches', async () => {
  for (let i = 0; i < 10; i += 1) await enqueue(`rated-${i}`);
  const startedAt: number[] = [];
  const jobs = runner({ push: async () => void startedAt.push(performance.now()) }, { batchSize: 5, startsPerSecond: 5 });
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  try {
    const first = performance.now();
    const drained = (async () => {
      let ran = 0;
      while ((ran = await jobs.runOnce()) > 0) expect(ran).toBe(5);
    })();
    // 5 a second: 200 ms apart. The clock moves on in steps much shorter than that, one a turn of the event loop.
    while (startedAt.length < 10) {
      await new Promise((resolve) => setImmediate(resolve));
      await jest.advanceTimersByTimeAsync(10);
    }
    await drained;
    const offsets = startedAt.map((at) => at - first);
    const gaps = offsets.slice(1).map((at, i) => at - offsets[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200);
    // Within a batch nothing else holds a start back: each comes within a step of its slot. (Between batches
    // the claim's round trip to the database takes real time, while this loop moves the clock on.)
    const withinBatches = [...gaps.slice(0, 4), ...gaps.slice(5)];
    expect(Math.max(...withinBatches)).toBeLessThan(200 + 50);
  } finally {
    jest.useRealTimers();
  }
  expect((await jobStates()).every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
});

test('a job whose lease ran out (its server died) is claimed before queued ones, even older ones, each once', async () => {
  await enqueue('first');
  const [held] = await claimJobs(db.kysely, { dialect: db.dialect, owner: 'server-dead', now: clock.now(), leaseMs: 1000, kinds: ['push'], limit: 1 });
  expect(held?.idempotency_key).toBe('first');
  clock.advance(500);
  await enqueue('second', { delayMs: -10_000 });
  clock.advance(1000);
  const takenOver = await claimJobs(db.kysely, { dialect: db.dialect, owner: 'server-b', now: clock.now(), leaseMs: 1000, kinds: ['push'], limit: 1 });
  expect(takenOver.map((job) => job.idempotency_key)).toEqual(['first']);
  const next = await claimJobs(db.kysely, { dialect: db.dialect, owner: 'server-b', now: clock.now(), leaseMs: 1000, kinds: ['push'], limit: 5 });
  expect(next.map((job) => job.idempotency_key)).toEqual(['second']);
  expect(await claimJobs(db.kysely, { dialect: db.dialect, owner: 'server-c', now: clock.now(), leaseMs: 1000, kinds: ['push'], limit: 5 })).toEqual([]);
});
