// GET /api/health, for load balancers and uptime checks (no SPA screen reads it).
import { Type, type Static } from '@fastify/type-provider-typebox';

export const HealthStatus = Type.Object({
  ok: Type.Boolean(),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  redis: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('off')], { description: 'off: REDIS_URL is not set' }),
});
export type HealthStatus = Static<typeof HealthStatus>;

/** 503: the same status, with the reason. */
export const HealthUnavailable = Type.Intersect([HealthStatus, Type.Object({ error: Type.String() })]);
