// GET /api/health, for load balancers and uptime checks: within 2 s, whatever is down. 200 while the
// database answers (Redis being away only slows the shared extras: it says so, `redis: "down"`, but the
// server still serves), 503 when the database does not answer within DATABASE_PROBE_MS.
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthStatus as Status, HealthUnavailable } from '../../src/api/contract/health';
import { isDatabaseUnavailable } from '../db/errors';

/** The two probes run side by side; each gives up in time for the answer to leave well under 2 s. */
export const DATABASE_PROBE_MS = 1200;
export const REDIS_PROBE_MS = 500;

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

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Whether this server can serve: 200, or 503 when the database does not answer',
      response: { 200: Status, 503: HealthUnavailable },
    },
  }, async (_request, reply) => {
    const { db, redis } = app.deps;
    const [databaseUp, redisUp] = await Promise.all([
      within(probeDatabase(() => sql`select 1`.execute(db.kysely)), DATABASE_PROBE_MS),
      redis ? redis.ping(REDIS_PROBE_MS) : Promise.resolve(undefined),
    ]);
    const body = {
      ok: databaseUp,
      database: databaseUp ? ('up' as const) : ('down' as const),
      engine: db.dialect,
      redis: redisUp === undefined ? ('off' as const) : redisUp ? ('up' as const) : ('down' as const),
    };
    reply.header('cache-control', 'no-store');
    if (!databaseUp) return reply.code(503).send({ ...body, error: 'Database unreachable.' });
    return body;
  });
};

export default healthRoutes;
