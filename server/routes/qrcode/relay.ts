// /api/qrcode/{vendorId}/alerts and /stamp-budget: the store owner reviews codes flagged as
// relayed, voids their stamps (audited), and tunes the stamp budget's floors. Owner-only throughout.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, VendorParams } from '../../../src/api/contract/common';
import { RelayAlertsResponse, StampBudgetFloors, StampBudgetSettings as BudgetSettings, VoidCodeRequest, VoidCodeResponse } from '../../../src/api/contract/relay';
import { getBudgetSettings, listRelayAlerts, updateBudgetSettings, voidCode } from '../../services/relay';
import { recordOf } from '../../services/actors';
import { named } from '../../plugins/plugin-name';
import { localeOfAcceptLanguage } from '../../infra/texts';

/** Voids are rare and deliberate: a runaway client is stopped well before it matters. */
const VOIDS_PER_MINUTE = 30;

const relayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/:vendorId/alerts', {
    config: { access: 'manager' },
    schema: {
      tags: ['qrcode'],
      summary: 'Codes flagged as probably relayed (last 7 days), each with the stamps it granted',
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: RelayAlertsResponse, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => ({ alerts: await listRelayAlerts(app.deps, request.params.vendorId, localeOfAcceptLanguage(request.headers['accept-language'])) }));

  app.post('/:vendorId/alerts/void', {
    config: { access: 'manager', rateLimit: { max: VOIDS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['qrcode'],
      summary: "Voids a flagged code's stamps: cards lose them, claims already made stay, a flyer code is renewed (audited)",
      security: [{ bearer: [] }],
      params: VendorParams,
      body: VoidCodeRequest,
      response: {
        200: VoidCodeResponse,
        400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody,
      },
    },
  }, async (request) => voidCode(app.deps, request.params.vendorId, request.body.code, request.ip));

  app.get('/:vendorId/stamp-budget', {
    config: { access: 'manager' },
    schema: {
      tags: ['qrcode'],
      summary: "The store's stamp-budget floors and the budgets in force",
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: BudgetSettings, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => getBudgetSettings(app.deps, request.params.vendorId));

  app.put('/:vendorId/stamp-budget', {
    config: { access: 'manager' },
    schema: {
      tags: ['qrcode'],
      summary: "Sets the store's own floors (null: the server's default); audited",
      security: [{ bearer: [] }],
      params: VendorParams,
      body: StampBudgetFloors,
      response: { 200: BudgetSettings, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => {
    const actor = request.principal ? await recordOf(app.deps, request.principal) : undefined;
    return updateBudgetSettings(app.deps, request.params.vendorId, request.body, request.ip, actor);
  });
};

export default named(relayRoutes);
