// When planning runs: a plan job every few minutes, each run queueing the next (two servers queue the
// same one: its key names the time slot), and one soon after a campaign is launched or resumed.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/migrations/dialect-types';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { enqueueJob, type BackoffPolicy } from '../../infra/jobs';
import type { RequestsInFlight } from '../../infra/requests-in-flight';

export const CAMPAIGN_PLAN_JOB = 'campaign-delivery.plan';
export const PLAN_EVERY_MS = 5 * 60_000;
/** Launching a campaign plans its first messages after this little wait (a burst of launches is one run). */
const PLAN_SOON_MS = 2000;

/** Campaign messages retry for a day (then the dead letter): the job's own attempt limit never comes first. */
export const CAMPAIGN_JOB_MAX_ATTEMPTS = 10_000;
export const CAMPAIGN_JOB_BACKOFF: BackoffPolicy = { baseMs: 30_000, maxMs: 30 * 60_000 };
export interface CampaignRunnerPace {
  batchSize: number;
  concurrency: number;
  restFactor: number;
  quietMoment?: () => Promise<void>;
}

/**
 * The longest a plan chunk or a send waits for a moment between requests. A server answering without a
 * break still plans 50 messages and sends a batch at least this often (3,000 messages a minute at most
 * would take 10,000 a few minutes), and a stamp then waits for one of them at most.
 */
export const QUIET_MOMENT_MAX_WAIT_MS = 1000;

/** What the plan's chunks and the runner's sends wait for: a moment no request is being answered (see deps.requestsInFlight). */
export function campaignQuietMoment(requests: RequestsInFlight | undefined): () => Promise<void> {
  return requests ? () => requests.quietMoment(QUIET_MOMENT_MAX_WAIT_MS) : () => yieldToRequests();
}

/**
 * How the campaign runner paces a big send (besides waiting for a moment between requests before each
 * message, when the app's requestsInFlight is given). Every message is a few commits (the attempting mark, the
 * settle, the job's completion). On SQLite each runs in this thread and waits for the disk, and a stamp
 * arriving meanwhile waits with it: 8 claimed at a time, one in flight, a yield to the event loop before
 * each and a rest as long as the batch took, so the send uses at most half the thread and a stamp waits
 * for at most one message's commits. On PostgreSQL the commits run in the database, which the stamps
 * share: 2 in flight overlap their round trips, with the same rest (4 in flight with a short rest
 * doubled a stamp's p50 in the bench).
 */
export function campaignRunnerPace(dialect: Dialect, requests?: RequestsInFlight): CampaignRunnerPace {
  const pace = dialect === 'sqlite' ? { batchSize: 8, concurrency: 1, restFactor: 1 } : { batchSize: 8, concurrency: 2, restFactor: 1 };
  return requests ? { ...pace, quietMoment: campaignQuietMoment(requests) } : pace;
}

/** Queues the plan run of the next slot after `now` (or of the slot `now` is in, at start-up). */
export async function queuePlanRun(db: Kysely<Database>, now: number, slot: 'current' | 'next'): Promise<void> {
  const index = Math.floor(now / PLAN_EVERY_MS) + (slot === 'next' ? 1 : 0);
  await enqueueJob(db, now, {
    kind: CAMPAIGN_PLAN_JOB,
    payload: null,
    idempotencyKey: `${CAMPAIGN_PLAN_JOB}:${index}`,
    delayMs: Math.max(0, index * PLAN_EVERY_MS - now),
  });
}

/** A run soon, after a launch or a resume; folded into one already waiting. */
export async function queuePlanSoon(db: Kysely<Database>, now: number): Promise<void> {
  await enqueueJob(db, now, {
    kind: CAMPAIGN_PLAN_JOB,
    payload: null,
    idempotencyKey: `${CAMPAIGN_PLAN_JOB}:soon:${crypto.randomUUID()}`,
    coalesceKey: `${CAMPAIGN_PLAN_JOB}:soon`,
    delayMs: PLAN_SOON_MS,
  });
}
