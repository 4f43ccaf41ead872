// When planning runs: a plan job every few minutes, each run queueing the next (two servers queue the
// same one: its key names the time slot), and one soon after a campaign is launched or resumed.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/migrations/dialect-types';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { enqueueJob, jobRow, type BackoffPolicy } from '../../infra/jobs';
import { insertJobs } from '../../repositories/jobs';
import type { QuietStepsPace, RequestsInFlight } from '../../infra/requests-in-flight';

export const CAMPAIGN_PLAN_JOB = 'campaign-delivery.plan';
export const PLAN_EVERY_MS = 5 * 60_000;
/** Launching a campaign plans its first messages after this little wait (a burst of launches is one run). */
const PLAN_SOON_MS = 2000;

/** Campaign messages retry for a day (then the dead letter): the job's own attempt limit never comes first. */
export const CAMPAIGN_JOB_MAX_ATTEMPTS = 10_000;
export const CAMPAIGN_JOB_BACKOFF: BackoffPolicy = { baseMs: 30_000, maxMs: 30 * 60_000 };
/**
 * A send is given up on (and tried again) after this long: longer than a mail relay's minute to answer once
 * it has the whole message (BACKGROUND_AFTER_DATA_MS) plus the conversation before, so the relay's reply,
 * not the job's deadline, settles a slow relay's mail. The lease is renewed while the send runs.
 */
export const CAMPAIGN_JOB_TIMEOUT_MS = 90_000;
export interface CampaignRunnerPace {
  batchSize: number;
  concurrency: number;
  restFactor: number;
  quietMoment?: () => Promise<void>;
  /** Messages (and plan runs) started a second at most; undefined: no limit. */
  startsPerSecond?: number;
}

/** CAMPAIGN_SEND_RATE's default (the env schema's too): 10,000 messages in about 4 minutes, a quarter of what a quiet server sent unpaced beside stamps. */
export const DEFAULT_CAMPAIGN_SEND_RATE = 50;

/**
 * How the plan's chunks and the runner's sends take their turns among requests (see QuietStepsPace): a
 * step starts within 5 ms after an answer went out, or at any moment after 50 ms without one; a server
 * that gives no such moment for 250 ms gives 5 ms anyway. A chunk of the plan or one message's send is a
 * few milliseconds on a quiet machine, so a client's next request, coming some milliseconds after its
 * answer, finds it over; a server busy without a break still gives the work 2% of its time.
 */
export const CAMPAIGN_QUIET_STEPS: QuietStepsPace = { spellMs: 5, idleMs: 50, maxWaitMs: 250 };

/** What the plan's chunks and the runner's sends each wait for (see CAMPAIGN_QUIET_STEPS); one turn of the event loop without deps.requestsInFlight. */
export function campaignQuietSteps(requests: RequestsInFlight | undefined): () => Promise<void> {
  return requests ? requests.quietSteps(CAMPAIGN_QUIET_STEPS) : () => yieldToRequests();
}

/**
 * How the campaign runner paces a big send. A café's campaign needs no more than tens of messages a second,
 * and every message is statements in the database the stamps share: the runner starts at most `sendRate`
 * messages a second (CAMPAIGN_SEND_RATE; 0 for no limit), evenly spaced, so the share of stamps that meet a
 * send's statements is set by the rate, not by how fast the machine is. Each message also takes its turn
 * among requests, when the app's requestsInFlight is given (a spell after an answer). Every message is a
 * few commits (the attempting mark, which does not wait for the disk, the settle and the job's completion,
 * which do). On SQLite each runs in this thread and waits for the disk, and a stamp
 * arriving meanwhile waits with it: 8 claimed at a time, one in flight, a yield to the event loop before
 * each and a rest as long as the batch took, so the send uses at most half the thread and a stamp waits
 * for at most one message's commits. On PostgreSQL the commits run in the database, which the stamps
 * share: 2 in flight overlap their round trips, with the same rest (4 in flight with a short rest
 * doubled a stamp's p50 in the bench).
 */
export function campaignRunnerPace(dialect: Dialect, requests?: RequestsInFlight, sendRate = DEFAULT_CAMPAIGN_SEND_RATE): CampaignRunnerPace {
  const pace: CampaignRunnerPace = dialect === 'sqlite' ? { batchSize: 8, concurrency: 1, restFactor: 1 } : { batchSize: 8, concurrency: 2, restFactor: 1 };
  if (sendRate > 0) pace.startsPerSecond = sendRate;
  return requests ? { ...pace, quietMoment: campaignQuietSteps(requests) } : pace;
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

/**
 * Queues the next window of a campaign's plan (see PlanAhead), due in `delayMs`. One waits per campaign: a
 * second one (two servers, or a run that found the plan under way) folds into it. Keyed by its own id, the
 * job is deleted once done, as a send job is.
 */
export async function queuePlanWindow(db: Kysely<Database>, now: number, campaignId: string, delayMs: number): Promise<void> {
  const row = jobRow(now, { kind: CAMPAIGN_PLAN_JOB, payload: { campaignId }, idempotencyKey: '', coalesceKey: `${CAMPAIGN_PLAN_JOB}:window:${campaignId}`, delayMs });
  await insertJobs(db, [{ ...row, idempotencyKey: row.id }]);
}
