// What every route a customer calls with their device credential shares: the credential read from the
// X-Customer-Key header, the wallet it names (401 when none), and the route options — the `customer`
// access level, a per-address rate limit, the customer tag and the credential header in the schema.
import type { FastifyRequest, FastifySchema } from 'fastify';
import { CredentialHeaders } from '../../src/api/contract/customer';
import { CUSTOMER_CREDENTIAL_HEADER, CUSTOMER_LINK_KEY_HEADER } from '../../src/api/contract/protocol';
import type { AppDeps } from '../deps';
import { requireCustomer } from '../services/customers';

export const MINUTE_MS = 60 * 1000;

/** The device credential the request carries, if any. */
export function credentialOf(request: FastifyRequest): string | undefined {
  const value = request.headers[CUSTOMER_CREDENTIAL_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** The phone's link key (`CUSTOMER_LINK_KEY_HEADER`), if it sent one. */
export function linkKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[CUSTOMER_LINK_KEY_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** The customer whose credential the request carries; 401 without a valid one. */
export function customerOf(deps: AppDeps, request: FastifyRequest): Promise<string> {
  return requireCustomer(deps, credentialOf(request));
}

/** Requests one client address may make in `timeWindow` ms (a café's Wi-Fi is one address for all its phones). */
export interface PerAddressLimit {
  max: number;
  timeWindow: number;
}

/**
 * Options of a route that reads the customer's credential: `schema` gets the customer tag and the
 * credential header added (its params, body and responses keep their types for the handler).
 */
export function customerRoute<const Schema extends FastifySchema>(limit: PerAddressLimit, schema: Schema) {
  return {
    config: { access: 'customer' as const, rateLimit: { max: limit.max, timeWindow: limit.timeWindow } },
    schema: { tags: ['customer'], headers: CredentialHeaders, ...schema },
  };
}
