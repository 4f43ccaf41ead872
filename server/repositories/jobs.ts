// SQL of the durable job queue: jobs are inserted inside the caller's transaction, claimed under a lease
// (PostgreSQL: FOR UPDATE SKIP LOCKED, so two servers never claim the same row; SQLite: its single
// writer makes the claim's one UPDATE atomic), and finished only by the server still holding the lease.
import { sql, type Kysely } from 'kysely';
import type { Database, JobTable } from '../db/schema';
import type { Dialect } from '../db/migrations/dialect-types';
import type { Selectable } from 'kysely';

export type JobRow = Selectable<JobTable>;

export interface NewJob {
  id: string;
  kind: string;
  idempotencyKey: string;
  coalesceKey: string | null;
  payload: string;
  runAfter: number;
  now: number;
}

/**
 * Inserts the job; false when it is already there (same idempotency key) or folded into the job that
 * is still waiting with the same coalescing key.
 */
export async function insertJob(db: Kysely<Database>, job: NewJob): Promise<boolean> {
  return (await insertJobs(db, [job])) === 1;
}

/** Inserts the jobs in one statement (a plan's chunk: one round trip, not one per job); answers how many were new. */
export async function insertJobs(db: Kysely<Database>, jobs: readonly NewJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const result = await db
    .insertInto('jobs')
    .values(jobs.map((job) => ({
      id: job.id,
      kind: job.kind,
      idempotency_key: job.idempotencyKey,
      coalesce_key: job.coalesceKey,
      payload: job.payload,
      state: 'queued',
      attempts: 0,
      run_after: job.runAfter,
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      created_at: job.now,
      finished_at: null,
    })))
    // No conflict target: both the idempotency key and the partial coalescing index count as "already there".
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface ClaimRequest {
  dialect: Dialect;
  owner: string;
  now: number;
  leaseMs: number;
  kinds: readonly string[];
  limit: number;
}

/**
 * Leases up to `limit` due jobs (running under a lease that ran out first, then queued and due, oldest
 * first) and counts the attempt. Two looks rather than one with an OR: each walks the (state, run_after)
 * index in order and stops at `limit`, where the OR sorted every due row on each claim — milliseconds of
 * synchronous work per claim on SQLite with 10,000 campaign messages waiting, which stamps queued behind.
 */
export async function claimJobs(db: Kysely<Database>, claim: ClaimRequest): Promise<JobRow[]> {
  if (claim.kinds.length === 0) return [];
  const overdue = await claimWhere(db, claim, claim.limit, 'running');
  if (overdue.length >= claim.limit) return overdue;
  return [...overdue, ...(await claimWhere(db, claim, claim.limit - overdue.length, 'queued'))];
}

async function claimWhere(db: Kysely<Database>, claim: ClaimRequest, limit: number, state: 'running' | 'queued'): Promise<JobRow[]> {
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('state', '=', state)
    .$if(state === 'queued', (qb) => qb.where('run_after', '<=', claim.now))
    .$if(state === 'running', (qb) => qb.where('lease_expires_at', '<', claim.now))
    .where('kind', 'in', [...claim.kinds])
    .orderBy('run_after')
    .limit(limit)
    .$if(claim.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
  return db
    .updateTable('jobs')
    .set({ state: 'running', lease_owner: claim.owner, lease_expires_at: claim.now + claim.leaseMs, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Extends the leases this owner still holds (a long send must not be taken over while it runs). */
export async function renewJobLeases(db: Kysely<Database>, ids: readonly string[], owner: string, expiresAt: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('jobs').set({ lease_expires_at: expiresAt }).where('id', 'in', [...ids]).where('lease_owner', '=', owner).where('state', '=', 'running').execute();
}

/** Marks the job done; false when this owner no longer holds it (its lease ran out and another server took it). */
export async function completeJob(db: Kysely<Database>, id: string, owner: string, now: number): Promise<boolean> {
  return (await completeJobs(db, [id], owner, now)) === 1;
}

/**
 * Marks the jobs done in one statement (one commit for a batch rather than one per job); answers how
 * many this owner still held (a job whose lease ran out and another server took is left to that one).
 */
export async function completeJobs(db: Kysely<Database>, ids: readonly string[], owner: string, now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('jobs')
    .set({ state: 'done', lease_owner: null, lease_expires_at: null, finished_at: now, last_error: null })
    .where('id', 'in', [...ids])
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the jobs done whose idempotency key is their own id, in one statement; answers how many this owner
 * still held. Such a job has no key to remember (its id is fresh, and what keeps its work from being queued
 * twice is a row of its own: a campaign message's unique key, which the plan writes the job beside only when
 * the message is new), so its done row would only be written, kept for a week and purged: on PostgreSQL a
 * delete is a short record in the log, where marking it done writes the row again with an entry in each index.
 */
export async function forgetDoneJobs(db: Kysely<Database>, ids: readonly string[], owner: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('jobs')
    .where('id', 'in', [...ids])
    .whereRef('idempotency_key', '=', 'id')
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Gives the job up for good (the dead letter): kept with its last error for an operator to read. */
export async function buryJob(db: Kysely<Database>, id: string, owner: string, now: number, error: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'dead', lease_owner: null, lease_expires_at: null, finished_at: now, last_error: error })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Puts the job back in the queue to run again after `runAfter`. When a newer job with the same
 * coalescing key is already waiting, that one does the same work with fresher data, so this one is
 * finished instead of waiting beside it.
 */
export async function requeueJob(db: Kysely<Database>, job: Pick<JobRow, 'id' | 'coalesce_key'>, owner: string, now: number, runAfter: number, error: string): Promise<void> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'queued', lease_owner: null, lease_expires_at: null, run_after: runAfter, last_error: error })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .$if(job.coalesce_key !== null, (qb) =>
      qb.where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('jobs as waiting').select('waiting.id').where('waiting.coalesce_key', '=', job.coalesce_key).where('waiting.state', '=', 'queued'))),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0 && job.coalesce_key !== null) {
    await db
      .updateTable('jobs')
      .set({ state: 'done', lease_owner: null, lease_expires_at: null, finished_at: now, last_error: `superseded after: ${error}` })
      .where('id', '=', job.id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running')
      .execute();
  }
}

/** Deletes finished jobs older than `before`: done rows are kept only as long as a repeat of their idempotency key is plausible. */
export async function purgeFinishedJobs(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('jobs').where('state', '=', 'done').where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
