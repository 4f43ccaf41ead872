// Bearer-token authentication and the ownership rule: a vendor only reaches their own data.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in vendor's id, set by `app.authenticate`. */
    vendorId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid vendor session token is sent as `Authorization: Bearer …`. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler factory: authenticate, then 403 unless `params[param]` is the signed-in vendor. */
    ownerOf(param: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function assertOwner(request: FastifyRequest, vendorId: string): void {
  if (request.vendorId === null) throw unauthorized();
  if (request.vendorId !== vendorId) throw forbidden();
}

export default fp(async (app) => {
  app.decorateRequest('vendorId', null);

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    const claims = app.deps.sessions.verify(match[1]);
    if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
    request.vendorId = claims.sub;
  };

  app.decorate('authenticate', authenticate);
  app.decorate('ownerOf', (param: string) => async (request: FastifyRequest) => {
    await authenticate(request);
    const params = request.params as Record<string, string | undefined>;
    assertOwner(request, params[param] ?? '');
  });
}, { name: 'auth', dependencies: ['deps'] });
