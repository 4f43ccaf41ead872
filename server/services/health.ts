// What GET /api/health reports: whether the database answers in time, and Redis's state when it is
// configured. Each probe gives up in time for the answer to leave well under 2 s.
import type { AppDeps } from '../deps';
import { isDatabaseUnavailable } from '../db/errors';
import { selectOne } from '../repositories/health';

/** The two probes run side by side; each gives up in time for the answer to leave well under 2 s. */
export const DATABASE_PROBE_MS = 1200;
export const REDIS_PROBE_MS = 500;

export interface HealthProbes {
  databaseUp: boolean;
  /** undefined: REDIS_URL is not set. */
  redisUp: boolean | undefined;
}

/**
 * `select 1`, tried a second time when the first fails at once: a pooled connection that the database
 * just closed (restart, failover) fails the first query, and the pool's fresh one answers for the truth.
 */
async function probeDatabase(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    await run();
  }
}

/** Resolves `promise`'s outcome as a boolean, false after `ms` (the late outcome is ignored). */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise.then(() => true, () => false), late]).finally(() => clearTimeout(timer));
}

/** Whether the database answers `select 1` within DATABASE_PROBE_MS: health's probe, alone. */
export function probeDatabaseUp(db: AppDeps['db']): Promise<boolean> {
  return within(probeDatabase(() => selectOne(db.kysely)), DATABASE_PROBE_MS);
}

export async function probeHealth(deps: Pick<AppDeps, 'db' | 'redis'>): Promise<HealthProbes> {
  const { db, redis } = deps;
  const [databaseUp, redisUp] = await Promise.all([
    probeDatabaseUp(db),
    redis ? redis.ping(REDIS_PROBE_MS) : Promise.resolve(undefined),
  ]);
  return { databaseUp, redisUp };
}
