// Bearer-token authentication and the ownership rule: a vendor only reaches their own data.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http-errors';
import { checkSession } from '../services/sessions';
import type { SessionClaims } from '../infra/session-tokens';
import { isDeviceToken } from '../infra/device-credentials';
import { authenticateDevice, refuseDevice, type DeviceSession } from '../services/counter-devices';
import type { Actor } from '../services/actors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in vendor's id, set by `app.authenticate`. */
    vendorId: string | null;
    /** The signed-in session's claims (for Logout), set by `app.authenticate`. */
    session: SessionClaims | null;
    /** The signed-in vendor's store version, read with the session check (repositories/store-version.ts). */
    storeVersion: number | null;
    /** The paired counter screen making the request (counter-mode routes only), set by `app.counterOf`. */
    device: DeviceSession | null;
    /** Who is acting: the signed-in owner or the counter screen (recorded with hand-overs, voids and changes). */
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid vendor session token is sent as `Authorization: Bearer …`. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler factory: authenticate, then 403 unless `params[param]` is the signed-in vendor. */
    ownerOf(param: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler factory for counter mode's routes: as `ownerOf`, or a paired counter screen of that store
     * (its device token as the bearer). Every other route refuses a device token.
     */
    counterOf(param: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
  app.decorateRequest('device', null);
  app.decorateRequest('actor', null);

  const bearerOf = (request: FastifyRequest): string => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    return match[1];
  };

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const bearer = bearerOf(request);
    // A counter screen's token is never a vendor session: a clear 403 instead of a sign-in prompt.
    if (isDeviceToken(bearer)) refuseDevice();
    const claims = app.deps.sessions.verify(bearer);
    if (!claims) {
      // The reason lets the app tell the owner why they were signed out; a forged token gets no reason.
      const expired = app.deps.sessions.hasExpired(bearer);
      throw unauthorized('Your session has expired. Please sign in again.', expired ? 'expired' : undefined);
    }
    // Logged out, password changed or reset, or account gone: refused at once, on every server.
    const check = await checkSession(app.deps, claims);
    if (!check.current) throw unauthorized('Your session has ended. Please sign in again.', check.reason);
    request.vendorId = claims.sub;
    request.session = claims;
    request.storeVersion = check.storeVersion;
    request.actor = { kind: 'owner', vendorId: claims.sub };
  };

  app.decorate('authenticate', authenticate);
  app.decorate('ownerOf', (param: string) => async (request: FastifyRequest) => {
    await authenticate(request);
    const params = request.params as Record<string, string | undefined>;
    assertOwner(request, params[param] ?? '');
  });
  app.decorate('counterOf', (param: string) => async (request: FastifyRequest) => {
    const bearer = bearerOf(request);
    if (isDeviceToken(bearer)) {
      const device = await authenticateDevice(app.deps, bearer);
      request.vendorId = device.vendorId;
      request.device = device;
      request.actor = { kind: 'device', vendorId: device.vendorId, deviceId: device.deviceId, name: device.name };
    } else {
      await authenticate(request);
    }
    const params = request.params as Record<string, string | undefined>;
    assertOwner(request, params[param] ?? '');
  });
}, { name: 'auth', dependencies: ['deps'] });
