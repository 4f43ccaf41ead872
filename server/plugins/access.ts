// Every route declares who may use it, in one place: `config: { access }` on the route (services/access.ts
// lists the levels). A route under /api/ registered without a declaration stops the app from starting, so no
// route can forget. Each declared route gets, before any other hook of its own, the check of its level:
// authentication, the store in the path (`:vendorId`) being the principal's own, then the role.
import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, textError } from '../http-errors';
import { isAccessLevel, isOpenAccess, permits, type Access } from '../services/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may use the route: required on every /api/ route (plugins/access.ts). */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route the app registered with its declared access level, in registration order. */
    readonly accessTable: ReadonlyArray<DeclaredRoute>;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

/** Paths served by plugins the app does not write (the API documentation): readable by anyone. */
const THIRD_PARTY_PUBLIC = /^\/api\/docs(\/|$)/;

export class UndeclaredAccessError extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} declares no access level: add config: { access: 'public' | 'customer' | 'signed-in' | 'staff' | 'manager' | 'owner' | 'counter' | 'device' }`);
    this.name = 'UndeclaredAccessError';
  }
}

/** The access a route declared; pages and files outside /api/ (the SPA) are public. */
export function declaredAccess(url: string, config: unknown): Access | null {
  const access = (config as { access?: unknown } | undefined)?.access;
  if (isAccessLevel(access)) return access;
  if (!url.startsWith('/api/') || THIRD_PARTY_PUBLIC.test(url)) return 'public';
  return null;
}

export default fp(async (app) => {
  const table: DeclaredRoute[] = [];
  app.decorate('accessTable', table);

  app.addHook('onRoute', (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    const access = declaredAccess(routeOptions.url, routeOptions.config);
    if (access === null) throw new UndeclaredAccessError(methods.join(','), routeOptions.url);
    for (const method of methods) table.push({ method, url: routeOptions.url, access });
    if (isOpenAccess(access)) return;
    const check = accessCheck(access);
    const own = routeOptions.onRequest;
    routeOptions.onRequest = own === undefined ? [check] : [check, ...(Array.isArray(own) ? own : [own])];
  });

  function accessCheck(access: Access): onRequestHookHandler {
    return async function checkAccess(request: FastifyRequest, reply) {
      await app.authenticate(request, reply);
      const principal = request.principal;
      if (!principal) throw forbidden();
      // A path naming a store must name the principal's own (routes naming it in the body check it themselves).
      const params = request.params as Record<string, string | undefined> | undefined;
      const pathStore = params?.vendorId;
      if (pathStore !== undefined && pathStore !== principal.vendorId) throw forbidden();
      if (!permits(principal, access)) throw textError(403, principal.kind === 'device' ? 'accessRefusals.device' : 'accessRefusals.role');
    };
  }
}, { name: 'access', dependencies: ['auth'] });

/** Inside a handler, for a part of a route a higher level guards (e.g. renewing the flyer): 403 unless met. */
export function assertAccess(request: FastifyRequest, access: Access): void {
  const principal = request.principal;
  if (!principal || !permits(principal, access)) throw textError(403, principal?.kind === 'device' ? 'accessRefusals.device' : 'accessRefusals.role');
}
