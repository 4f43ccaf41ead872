// GET /api/health, for load balancers and uptime checks: within 2 s, whatever is down. 200 while the
// database answers (Redis being away only slows the shared extras: it says so, `redis: "down"`, but the
// server still serves), 503 when the database does not answer within DATABASE_PROBE_MS (services/health.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthStatus as Status, HealthUnavailable } from '../../src/api/contract/health';
import { probeHealth } from '../services/health';
import { named } from '../plugins/plugin-name';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Whether this server can serve: 200, or 503 when the database does not answer',
      response: { 200: Status, 503: HealthUnavailable },
    },
  }, async (_request, reply) => {
    const { databaseUp, redisUp } = await probeHealth(app.deps);
    const body = {
      ok: databaseUp,
      database: databaseUp ? ('up' as const) : ('down' as const),
      engine: app.deps.db.dialect,
      redis: redisUp === undefined ? ('off' as const) : redisUp ? ('up' as const) : ('down' as const),
    };
    reply.header('cache-control', 'no-store');
    if (!databaseUp) return reply.code(503).send({ ...body, error: 'Database unreachable.' });
    return body;
  });
};

export default named(healthRoutes);
