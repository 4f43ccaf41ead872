// SQL for the per-account sign-in failure counter: one row per typed e-mail address (hashed), a fixed
// window that restarts once it has run out. Every change is a single statement, so concurrent
// sign-ins on several server processes count correctly on SQLite and PostgreSQL alike.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface FailureWindow {
  /** Attempts counted in the window, this one included. */
  failures: number;
  windowStartedAt: number;
}

/**
 * Counts one attempt for `accountKey` and answers the window it falls in: a new window (count 1) when
 * there is none or the last one started `windowMs` or more before `now`. One INSERT … ON CONFLICT DO
 * UPDATE … RETURNING, so two attempts at once never read the same count.
 */
export async function countAttempt(db: Queryable, accountKey: string, now: number, windowMs: number): Promise<FailureWindow> {
  const expiredBefore = now - windowMs;
  const row = await db
    .insertInto('login_failures')
    .values({ account_key: accountKey, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('account_key').doUpdateSet({
        // Both right-hand sides read the row as it was before this update (SQL semantics on both databases).
        failures: sql<number>`CASE WHEN login_failures.window_started_at <= ${expiredBefore} THEN 1 ELSE login_failures.failures + 1 END`,
        window_started_at: sql<number>`CASE WHEN login_failures.window_started_at <= ${expiredBefore} THEN ${now} ELSE login_failures.window_started_at END`,
      }),
    )
    .returning(['failures', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), windowStartedAt: Number(row.window_started_at) };
}

/** Forgets the account's count (after a sign-in with the right password). */
export async function clearFailures(db: Queryable, accountKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account_key', '=', accountKey).execute();
}

/** Deletes windows that ran out (rows for addresses nobody tries again would otherwise stay forever). */
export async function deleteExpiredWindows(db: Queryable, now: number, windowMs: number): Promise<void> {
  await db.deleteFrom('login_failures').where('window_started_at', '<=', now - windowMs).execute();
}
