// When planning runs: a plan job every few minutes, each run queueing the next (two servers queue the
// same one: its key names the time slot), and one soon after a campaign is launched or resumed.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueJob, type BackoffPolicy } from '../../infra/jobs';

export const CAMPAIGN_PLAN_JOB = 'campaign-delivery.plan';
export const PLAN_EVERY_MS = 5 * 60_000;
/** Launching a campaign plans its first messages after this little wait (a burst of launches is one run). */
const PLAN_SOON_MS = 2000;

/** Campaign messages retry for a day (then the dead letter): the job's own attempt limit never comes first. */
export const CAMPAIGN_JOB_MAX_ATTEMPTS = 10_000;
export const CAMPAIGN_JOB_BACKOFF: BackoffPolicy = { baseMs: 30_000, maxMs: 30 * 60_000 };
/**
 * Messages one server sends at once (the campaign runner's batch). Every send is a handful of queries; on
 * SQLite they run in this thread and queue with the stamps' queries on the one connection, so fifty sends
 * in flight put hundreds of queries ahead of a stamp. A few at a time keep a stamp's wait short and still
 * send thousands a minute.
 */
export const CAMPAIGN_SEND_CONCURRENCY = 4;

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
