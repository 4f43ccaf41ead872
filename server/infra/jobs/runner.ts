// Runs due jobs of the kinds it has handlers for, on whichever server calls it: a job is leased to
// this server while its handler runs (the lease is renewed while it runs), finished only if the lease
// is still ours, retried with backoff on failure and dead-lettered after `maxAttempts`. A server that
// dies mid-job leaves the lease to run out, and another server takes the job over.
import type { Db } from '../../db';
import { buryJob, claimJobs, completeJobs, forgetDoneJobs, purgeFinishedJobs, renewJobLeases, requeueJob, type JobRow } from '../../repositories/jobs';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { retryAtOf } from '../retry-after';
import { backoffMs, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';

export interface JobContext {
  jobId: string;
  /** The server holding the job's lease (a handler may check the lease is still its own before an outside call). */
  owner: string;
  /** 1 for the first run. */
  attempt: number;
  /** Aborted when the job runs out of time: the handler stops sending. */
  signal: AbortSignal;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** Thrown by a handler when trying again cannot help (a request the service refuses as malformed). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Thrown by a handler that must wait for a known moment (a shop's night is quiet until 08:00) rather than back off. */
export class RetryJobLaterError extends Error {
  override name = 'RetryJobLaterError';
  constructor(
    readonly runAfter: number,
    message: string,
  ) {
    super(message);
  }
}

export interface JobRunnerOptions {
  db: Db;
  handlers: Readonly<Record<string, JobHandler>>;
  /** The name on this server's leases (SERVER_ID in production). */
  owner: string;
  now?: () => number;
  random?: () => number;
  /** How long a claimed job is ours before another server may take it over (default 60 s). */
  leaseMs?: number;
  /** A handler still running after this long is aborted and counted as failed (default half the lease). */
  timeoutMs?: number;
  /** The wait between looks for due jobs when the queue is idle (default 500 ms). */
  pollMs?: number;
  batchSize?: number;
  /**
   * Jobs of a batch run at once (default: the whole batch). Below the batch size the rest wait their turn,
   * each after a yield to the event loop, so requests are served between jobs (SQLite's queries run in
   * this thread: a batch run all at once would hold every request until it ends).
   */
  concurrency?: number;
  /**
   * After a full batch, the runner rests this many times as long as the batch took before the next one
   * (default 0: at once), so a queue of ten thousand jobs takes at most 1/(1 + restFactor) of the thread.
   */
  restFactor?: number;
  /**
   * Waited for before each batch and, when jobs wait their turn, before each job (default: one turn of the
   * event loop): a runner sharing the thread with requests passes one that waits for a moment between them.
   */
  quietMoment?: () => Promise<void>;
  /**
   * At most this many jobs start a second (default: no limit). Each job waits for its own start, spaced
   * evenly, before its quiet moment: background work that must not take the database from requests does a
   * known, small amount of it a second however many jobs are due.
   */
  startsPerSecond?: number;
  /** Attempts before a job goes to the dead letter (default 8). */
  maxAttempts?: number;
  backoff?: BackoffPolicy;
  /** Done jobs are deleted after this long (default 7 days): their idempotency keys are remembered until then. A job keyed by its own id is deleted once done. */
  keepDoneMs?: number;
  onError?: (error: unknown, job?: JobRow) => void;
}

export interface JobRunner {
  /** Claims and runs one batch; answers how many jobs ran. Tests drive the queue through this. */
  runOnce(): Promise<number>;
  /** Polls in the background until stop(). */
  start(): void;
  /** Looks for due jobs now rather than at the next poll (after a commit that enqueued one). */
  wake(): void;
  /** Stops polling and waits for the jobs in hand. */
  stop(): Promise<void>;
}

const PURGE_EVERY_MS = 60 * 60_000;
/** The longest a succeeded job waits for the rest of its batch before it is marked done on its own write. */
const FINISH_WAIT_MS = 250;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const leaseMs = options.leaseMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? Math.floor(leaseMs / 2);
  const pollMs = options.pollMs ?? 500;
  const batchSize = options.batchSize ?? 20;
  const concurrency = Math.max(1, Math.min(batchSize, options.concurrency ?? batchSize));
  const restFactor = options.restFactor ?? 0;
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const keepDoneMs = options.keepDoneMs ?? 7 * 24 * 60 * 60_000;
  const onError = options.onError ?? (() => undefined);
  const quietMoment = options.quietMoment ?? (() => yieldToRequests());
  const startEveryMs = options.startsPerSecond ? 1000 / options.startsPerSecond : 0;
  /** When the next job may start (startsPerSecond); a start taken is booked at once, so lanes never share one. */
  let nextStartAt = -Infinity;
  async function startSlot(): Promise<void> {
    if (startEveryMs === 0) return;
    const at = performance.now();
    const startAt = Math.max(at, nextStartAt);
    nextStartAt = startAt + startEveryMs;
    if (startAt > at) await new Promise((resolve) => setTimeout(resolve, startAt - at));
  }
  const kinds = Object.keys(options.handlers);
  const db = options.db.kysely;
  const inHand = new Set<string>();
  let lastPurge = 0;
  /** Time the current batch's lanes spent waiting for a quiet moment, added up: no work, so not rested for. */
  let waitedMs = 0;

  /** Runs the job's handler; true when it succeeded (the caller marks it done with the rest of its batch). */
  async function runJob(job: JobRow): Promise<boolean> {
    const handler = options.handlers[job.kind];
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
    });
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      await Promise.race([handler(JSON.parse(job.payload) as unknown, { jobId: job.id, owner: options.owner, attempt: job.attempts, signal: controller.signal }), timedOut]);
      return true;
    } catch (error) {
      // A job waiting for its moment has not failed.
      if (!(error instanceof RetryJobLaterError)) onError(error, job);
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryJobLaterError) await requeueJob(db, job, options.owner, now(), error.runAfter, message);
      else if (error instanceof PermanentJobError || job.attempts >= maxAttempts) await buryJob(db, job.id, options.owner, now(), message);
      // A service that named when to come back (Retry-After) is not asked before then, backoff or not.
      else await requeueJob(db, job, options.owner, now(), Math.max(now() + backoffMs(job.attempts, backoff, random), retryAtOf(error) ?? 0), message);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async function runOnce(): Promise<number> {
    const at = now();
    if (at - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = at;
      await purgeFinishedJobs(db, at - keepDoneMs);
    }
    const jobs = await claimJobs(db, { dialect: options.db.dialect, owner: options.owner, now: at, leaseMs, kinds, limit: batchSize });
    // Claimed jobs waiting for their turn keep their leases renewed too.
    for (const job of jobs) inHand.add(job.id);
    // A job keyed by its own id has nothing to remember once done: it is deleted (see forgetDoneJobs).
    const keyedById = new Set(jobs.filter((job) => job.idempotency_key === job.id).map((job) => job.id));
    const finished = finishTogether(
      jobs.length,
      FINISH_WAIT_MS,
      async (ids) => {
        await forgetDoneJobs(db, ids.filter((id) => keyedById.has(id)), options.owner);
        await completeJobs(db, ids.filter((id) => !keyedById.has(id)), options.owner, now());
      },
      onError,
    );
    try {
      // Each job settles on its own (a failure is recorded in its row at once); `concurrency` lanes take
      // the batch's jobs in turn, so one slow send never holds the others back for long.
      const waiting = [...jobs];
      const lane = async (): Promise<void> => {
        for (let job = waiting.shift(); job; job = waiting.shift()) {
          const waitStarted = performance.now();
          await startSlot();
          if (concurrency < jobs.length) await quietMoment();
          waitedMs += performance.now() - waitStarted;
          let succeeded = false;
          try {
            succeeded = await runJob(job);
          } catch (error) {
            onError(error, job);
          } finally {
            finished.settle(succeeded ? job.id : undefined);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
      await finished.settled();
    } finally {
      for (const job of jobs) inHand.delete(job.id);
    }
    return jobs.length;
  }

  let running = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  }

  function tick(): void {
    if (stopped || running) return;
    running = true;
    let started = performance.now();
    current = (options.quietMoment ? options.quietMoment() : Promise.resolve())
      .then(() => {
        // The rest after a batch is as long as the batch's own work took, not the waits before it and its jobs.
        started = performance.now();
        waitedMs = 0;
        return runOnce();
      })
      .catch((error: unknown) => {
        // The database may be away for a while: the queue waits and looks again.
        onError(error);
        return 0;
      })
      .then((ran) => {
        running = false;
        schedule(ran === batchSize ? Math.max(0, Math.round((performance.now() - started - waitedMs / concurrency) * restFactor)) : pollMs);
      });
  }

  return {
    runOnce,
    start() {
      // A runner with no handlers could never claim a job: it does not poll the database for nothing.
      if (!stopped || kinds.length === 0) return;
      stopped = false;
      heartbeat = setInterval(() => {
        renewJobLeases(db, [...inHand], options.owner, now() + leaseMs).catch((error: unknown) => onError(error));
      }, Math.max(1000, Math.floor(leaseMs / 3)));
      heartbeat.unref();
      schedule(0);
    },
    wake() {
      if (!running && kinds.length > 0) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      await current;
    },
  };
}

/**
 * Marks a batch's succeeded jobs done in one write once the whole batch has run (a batch of pushes sent
 * together costs one commit rather than one per job). A slow job holds the others' write back at most
 * `maxWaitMs`: they are written then, and the slow one with whatever finishes after it.
 */
function finishTogether(jobCount: number, maxWaitMs: number, write: (ids: readonly string[]) => Promise<unknown>, onError: (error: unknown) => void) {
  let running = jobCount;
  const waiting: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let written: Promise<unknown> = Promise.resolve();
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const ids = waiting.splice(0);
    // A failed write leaves its jobs leased: they run again when the lease runs out.
    written = written.then(() => write(ids)).catch(onError);
  };
  return {
    /** One job of the batch is over: `succeededId` when it is to be marked done. */
    settle(succeededId?: string): void {
      running -= 1;
      if (succeededId !== undefined) waiting.push(succeededId);
      if (running === 0) flush();
      else if (succeededId !== undefined && !timer) {
        timer = setTimeout(flush, maxWaitMs);
        timer.unref();
      }
    },
    /** Resolves once every write begun so far is over. */
    settled: () => written,
  };
}
