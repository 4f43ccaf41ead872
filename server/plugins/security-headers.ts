// Issue 18: helmet's security headers, worked out once at start-up instead of on every request.
// @fastify/helmet rebuilds helmet's middleware (parsing every CSP directive) per request, ~3% of a light
// route. The headers never vary per request here (no CSP nonces, no per-route options), so one probe
// request against a throwaway instance with the same options tells them, and a hook copies them on.
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** The headers helmet adds with `options`: a probe with helmet minus the same probe without it. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    const instance = Fastify();
    if (withHelmet) await instance.register(helmet, options);
    instance.get('/', async () => 'probe');
    const response = await instance.inject({ method: 'GET', url: '/' });
    await instance.close();
    return response.headers;
  };
  const [plain, secured] = [await probe(false), await probe(true)];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (plain[name] === undefined && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** Sets helmet's headers (computed once) on every answer, errors and 404s included. */
export default fp(async (app: FastifyInstance, options: FastifyHelmetOptions) => {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}, { name: 'security-headers' });
