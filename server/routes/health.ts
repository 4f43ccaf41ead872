// GET /api/health: 200 when the database answers, 503 otherwise (for load balancers and uptime checks).
import { sql } from 'kysely';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['health'],
      response: { 200: Type.Object({ ok: Type.Boolean(), database: Type.String() }), 503: Type.Object({ error: Type.String() }) },
    },
  }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.deps.db.kysely);
      return { ok: true, database: app.deps.db.dialect };
    } catch {
      return reply.code(503).send({ error: 'Database unreachable.' });
    }
  });
};

export default healthRoutes;
