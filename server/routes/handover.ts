// /api/handover/{vendorId}: the counter's side of a claim — the claims waiting, and confirming
// one as handed over by its button or by the code on the customer's screen. The owner or a paired
// counter screen of the store; HTTP only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, VendorParams as Params } from '../../src/api/contract/common';
import { ClaimHandoverParams, HandoverByCodeRequest, HandoverRequest, HandoverResponse as Handover, PendingClaimsResponse } from '../../src/api/contract/handover';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http-errors';
import { recordOf } from '../services/actors';
import { confirmHandover, confirmHandoverByCode, listPendingClaims } from '../services/handover';
import { localeOfAcceptLanguage } from '../infra/texts';
import { named } from '../plugins/plugin-name';

/** Confirmations per vendor session per minute: a busy counter confirms a few a minute, a loop many more. */
export const HANDOVERS_PER_MINUTE = 120;

const handoverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Who confirms: a person of the team or the paired counter screen (the access check's principal). */
  const actorOf = async (request: FastifyRequest) => {
    if (!request.principal) throw unauthorized();
    return recordOf(app.deps, request.principal);
  };

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/:vendorId/pending', {
    config: { access: 'counter' },
    schema: {
      tags: ['handover'],
      summary: 'Claims waiting at the counter, oldest first (with the code each customer shows)',
      security: [{ bearer: [] }],
      params: Params,
      response: { 200: PendingClaimsResponse, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => ({ items: await listPendingClaims(app.deps, request.params.vendorId, undefined, localeOfAcceptLanguage(request.headers['accept-language'])) }));

  app.post('/:vendorId/claims/:claimId', {
    config: { access: 'counter', rateLimit: { max: HANDOVERS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['handover'],
      summary: 'Confirm that a claimed reward was handed over (once)',
      description: '404 for a claim that is not this store\'s; 409 when it was already handed over (the second of two confirmations); 410 when it expired first.',
      security: [{ bearer: [] }],
      params: ClaimHandoverParams,
      body: HandoverRequest,
      response: { 200: Handover, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => ({
    item: await confirmHandover(app.deps, request.params.vendorId, request.params.claimId, request.body.screen, await actorOf(request), localeOfAcceptLanguage(request.headers['accept-language'])),
  }));

  app.post('/:vendorId/code', {
    config: { access: 'counter', rateLimit: { max: HANDOVERS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['handover'],
      summary: "Confirm a hand-over by the code on the customer's screen",
      description: 'Case, spaces and dashes in the code do not matter. 404 when no pending claim of this store shows it.',
      security: [{ bearer: [] }],
      params: Params,
      body: HandoverByCodeRequest,
      response: { 200: Handover, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => ({
    item: await confirmHandoverByCode(app.deps, request.params.vendorId, request.body.code, request.body.screen, await actorOf(request), localeOfAcceptLanguage(request.headers['accept-language'])),
  }));
};

export default named(handoverRoutes);
