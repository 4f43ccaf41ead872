// Bearer-token authentication: a person's session token, or a paired counter device's token.
// The ownership rule (a principal only reaches their own store) and the role rule are applied per route
// by plugins/access.ts from each route's declared access level.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http-errors';
import { checkSession, noteSessionSeen } from '../services/sessions';
import { authenticateDevice } from '../services/device-principal';
import type { Principal } from '../services/access';
import type { SessionClaims } from '../infra/session-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in store's vendor id (a person's session `sub`, or a device's store), set by `app.authenticate`. */
    vendorId: string | null;
    /** Who is asking: a person (with their role) or a counter device; set by `app.authenticate`. */
    principal: Principal | null;
    /** A person's session claims (for Logout); null for a device. */
    session: SessionClaims | null;
    /** The signed-in store's version, read with a person's session check (repositories/store-version.ts). */
    storeVersion: number | null;
  }
  interface FastifyInstance {
    /** 401 unless a valid person session token or device token is sent as `Authorization: Bearer …`. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** authenticate, then 403 unless `params[param]` is the signed-in store (routes declare `config.access` instead). */
    ownerOf(param: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** 401 unless authenticated; 403 unless the principal belongs to the store `vendorId`. */
export function assertOwner(request: FastifyRequest, vendorId: string): void {
  if (request.vendorId === null) throw unauthorized();
  if (request.vendorId !== vendorId) throw forbidden();
}

export default fp(async (app) => {
  app.decorateRequest('vendorId', null);
  app.decorateRequest('principal', null);
  app.decorateRequest('session', null);
  app.decorateRequest('storeVersion', null);

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    // Already done by the route's access check (a route may still name authenticate itself).
    if (request.principal) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    const token = match[1];
    const claims = app.deps.sessions.verify(token);
    if (!claims) {
      const device = await authenticateDevice(app.deps, token);
      if (device) {
        request.principal = device;
        request.vendorId = device.vendorId;
        return;
      }
      // The reason lets the app tell the person why they were signed out; a forged token gets no reason.
      const expired = app.deps.sessions.hasExpired(token);
      throw unauthorized('Your session has expired. Please sign in again.', expired ? 'expired' : undefined);
    }
    // Logged out, password changed or reset, removed from the team, role changed, or account gone: refused at once.
    const check = await checkSession(app.deps, claims);
    if (!check.current) throw unauthorized('Your session has ended. Please sign in again.', check.reason);
    request.principal = { kind: 'person', vendorId: claims.sub, personId: claims.pid, role: check.role };
    request.vendorId = claims.sub;
    request.session = claims;
    request.storeVersion = check.storeVersion;
    await noteSessionSeen(app.deps, claims, check.lastSeenAt, request.headers['user-agent']);
  };

  app.decorate('authenticate', authenticate);
  app.decorate('ownerOf', (param: string) => async (request: FastifyRequest) => {
    await authenticate(request);
    const params = request.params as Record<string, string | undefined>;
    assertOwner(request, params[param] ?? '');
  });
}, { name: 'auth', dependencies: ['deps'] });
