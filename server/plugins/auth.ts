// Bearer-token authentication and the ownership rule: a vendor only reaches their own data.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http-errors';
import { checkSession } from '../services/sessions';
import type { SessionClaims } from '../infra/session-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in vendor's id, set by `app.authenticate`. */
    vendorId: string | null;
    /** The signed-in session's claims (for Logout), set by `app.authenticate`. */
    session: SessionClaims | null;
    /** The signed-in vendor's store version, read with the session check (repositories/store-version.ts). */
    storeVersion: number | null;
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
  app.decorateRequest('session', null);
  app.decorateRequest('storeVersion', null);

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    const claims = app.deps.sessions.verify(match[1]);
    if (!claims) {
      // The reason lets the app tell the owner why they were signed out; a forged token gets no reason.
      const expired = app.deps.sessions.hasExpired(match[1]);
      throw unauthorized('Your session has expired. Please sign in again.', expired ? 'expired' : undefined);
    }
    // Logged out, password changed or reset, or account gone: refused at once, on every server.
    const check = await checkSession(app.deps, claims);
    if (!check.current) throw unauthorized('Your session has ended. Please sign in again.', check.reason);
    request.vendorId = claims.sub;
    request.session = claims;
    request.storeVersion = check.storeVersion;
  };

  app.decorate('authenticate', authenticate);
  app.decorate('ownerOf', (param: string) => async (request: FastifyRequest) => {
    await authenticate(request);
    const params = request.params as Record<string, string | undefined>;
    assertOwner(request, params[param] ?? '');
  });
}, { name: 'auth', dependencies: ['deps'] });
