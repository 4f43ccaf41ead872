// Every write transaction of the app runs through `inTransaction`: when the database gives one up so that
// another can go on (a deadlock, a serialization failure: see isTransactionConflict), nothing of it was
// written, so it runs again from the start, a few times, after a short random pause that keeps the two
// from meeting the same way again. A conflict that outlasts the attempts reaches the error handler,
// which answers 503 (never 500): the client may simply try again.
//
// The rule for callers: `work` does nothing outside the database (no mail, no bus notice, no file, no
// call to another service, no change to shared memory that a failed attempt would leave behind). Such
// effects go after `inTransaction` returns, when the commit is certain. It may run more than once.
import type { Kysely, Transaction } from 'kysely';
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
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= policy.attempts || !isTransactionConflict(error)) throw error;
      await policy.pause(retryPauseMs(attempt, policy.random));
    }
  }
}
