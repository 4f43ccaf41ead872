// Enqueueing a job: called inside the transaction of the change that causes it, so the job commits or
// rolls back with that change (an outbox). Nothing is sent here: a runner sends after the commit.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertJobs, type NewJob } from '../../repositories/jobs';
import { timeOrderedId } from '../time-ordered-id';

export interface JobRequest {
  kind: string;
  /** Serialised as JSON; the handler reads current state from the database rather than trusting an old copy. */
  payload: unknown;
  /** The same change enqueued twice (a transaction run again, a repeated request) gives one job. */
  idempotencyKey: string;
  /**
   * Jobs sharing this key fold into the one still waiting, and each waits `delayMs` first, so a burst
   * (a hundred stamps in a minute) gives one run per key per window instead of a hundred.
   */
  coalesceKey?: string;
  /** Not before now + delayMs (the coalescing window); 0 by default. */
  delayMs?: number;
}

/** Adds the job in `trx`; false when it was already there or folded into a waiting one. */
export async function enqueueJob(trx: Kysely<Database>, now: number, request: JobRequest): Promise<boolean> {
  return (await enqueueJobs(trx, now, [request])) === 1;
}

/** Adds the jobs in `trx` in one statement; answers how many were new. */
export async function enqueueJobs(trx: Kysely<Database>, now: number, requests: readonly JobRequest[]): Promise<number> {
  return insertJobs(trx, requests.map((request) => jobRow(now, request)));
}

/** The row a request becomes, for a caller that writes it with rows of its own in one statement. */
export function jobRow(now: number, request: JobRequest): NewJob {
  return {
    id: timeOrderedId(now),
    kind: request.kind,
    idempotencyKey: request.idempotencyKey,
    coalesceKey: request.coalesceKey ?? null,
    payload: JSON.stringify(request.payload ?? null),
    runAfter: now + (request.delayMs ?? 0),
    now,
  };
}
