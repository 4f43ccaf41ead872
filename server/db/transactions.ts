// Every write transaction of the app runs through `inTransaction`: when the database gives one up so that
// another can go on (a deadlock, a serialization failure: see isTransactionConflict), nothing of it was
// written, so it runs again from the start, a few times, after a short random pause that keeps the two
// from meeting the same way again. A conflict that outlasts the attempts reaches the error handler,
// which answers 503 (never 500): the client may simply try again.
//
// The rule for callers: `work` does nothing outside the database (no mail, no bus notice, no file, no
// call to another service, no change to shared memory that a failed attempt would leave behind). Such
// effects go after `inTransaction` returns, when the commit is certain. It may run more than once.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';
import { isTransactionConflict } from './errors';

/** Tries in all: the first run and up to three more. Each PostgreSQL deadlock costs its deadlock_timeout (1 s by default) to detect. */
export const TRANSACTION_ATTEMPTS = 4;
/** The pause before the first re-run; it doubles with each further one, with jitter (10–20, 20–40, 40–80 ms). */
export const RETRY_BASE_MS = 20;

export interface RetryPolicy {
  attempts: number;
  pause(ms: number): Promise<void>;
  /** In [0, 1): spreads the pauses so the two transactions that met do not meet again in step. */
  random(): number;
}

const realPolicy: RetryPolicy = {
  attempts: TRANSACTION_ATTEMPTS,
  pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** The pause before re-run number `rerun` (1 for the first): half to all of RETRY_BASE_MS × 2^(rerun−1). */
export function retryPauseMs(rerun: number, random: () => number): number {
  const ceiling = RETRY_BASE_MS * 2 ** (rerun - 1);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * Runs `work` in one transaction and answers what it answers; runs it again when the database gave the
 * transaction up in a conflict (see the file comment for what `work` may do).
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>, policy: RetryPolicy = realPolicy): Promise<T> {
  return retryingConflicts(() => db.transaction().execute(work), policy);
}

/**
 * Runs `attempt` (a transaction, or one statement that is its own transaction) and runs it again when the
 * database gave it up in a conflict; nothing of an attempt given up was written.
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>, policy: RetryPolicy = realPolicy): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= policy.attempts || !isTransactionConflict(error)) throw error;
      await policy.pause(retryPauseMs(tried, policy.random));
    }
  }
}

/**
 * PostgreSQL, for one statement that is its own transaction (no BEGIN, no COMMIT: one round trip where
 * `inRedoableTransaction` takes four): a common table expression `redoable_commit` that makes that
 * transaction's commit not wait for the disk, as `SET LOCAL synchronous_commit = off` does in a
 * transaction block. The statement must read it (`CROSS JOIN redoable_commit`): a `WITH` query nothing
 * reads is never run. The same rules as inRedoableTransaction: only for writes a later run redoes.
 */
export const redoableCommitCte = sql`redoable_commit AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true) AS setting)`;

/**
 * As `inTransaction`, for writes that a later run redoes when they are missing (a campaign plan's
 * chunk: the next plan writes what is not there): the commit does not wait for the disk, so it holds
 * neither SQLite's one connection (and this thread) nor PostgreSQL's WAL flush for the length of an
 * fsync. The log is written in order, so a power loss takes such commits back only from the end: a
 * later commit that waits for the disk (a stamp, a message settled as sent) makes every earlier one
 * durable with it. Never for anything a client was told is saved.
 */
export async function inRedoableTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return inTransaction(db.kysely, async (trx) => {
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  }
  // SQLite's setting belongs to the connection: changed and put back while this work holds the connection,
  // so no other statement commits under it. WAL mode keeps the file whole at either setting.
  return db.kysely.connection().execute(async (connection) => {
    const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(connection);
    const configured = rows[0]?.synchronous ?? 2;
    await sql`PRAGMA synchronous = NORMAL`.execute(connection);
    try {
      return await inTransaction(connection, work);
    } finally {
      await sql.raw(`PRAGMA synchronous = ${configured}`).execute(connection);
    }
  });
}
