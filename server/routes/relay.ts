// /api/qrcode/{vendorId}/alerts and /stamp-budget (issue 17): the store owner reviews codes flagged as
// relayed, voids their stamps (audited), and tunes the stamp budget's floors. Owner-only throughout.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Text } from '../schemas/text';
import { getBudgetSettings, listRelayAlerts, updateBudgetSettings, voidCode } from '../services/relay';

const ErrorBody = Type.Object({ error: Type.String() });
const VendorParams = Type.Object({ vendorId: Type.String({ minLength: 1, maxLength: 64 }) });
/** Voids are rare and deliberate: a runaway client is stopped well before it matters. */
const VOIDS_PER_MINUTE = 30;

const AlertStamp = Type.Object({
  id: Type.String(),
  customer: Type.String(),
  date: Type.Integer(),
  network: Type.Union([Type.String(), Type.Null()]),
  newDevice: Type.Boolean(),
  voided: Type.Boolean(),
  claimedAfter: Type.Boolean({ description: 'The card had a reward claimed after this stamp (a void does not reverse it)' }),
});

const Alert = Type.Object({
  code: Type.String(),
  kind: Type.Union([Type.Literal('dynamic'), Type.Literal('printable')]),
  reason: Type.Union([Type.Literal('networks'), Type.Literal('budget'), Type.Literal('device')]),
  message: Type.String(),
  firstUsedAt: Type.Integer(),
  lastUsedAt: Type.Integer(),
  flaggedAt: Type.Integer(),
  granted: Type.Integer(),
  refused: Type.Integer(),
  networks: Type.Integer(),
  budget: Type.Integer(),
  voidedAt: Type.Union([Type.Integer(), Type.Null()]),
  voidedStamps: Type.Union([Type.Integer(), Type.Null()]),
  stamps: Type.Array(AlertStamp),
});

const Floor = Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()]);
const BudgetSettings = Type.Object({
  codeBudgetFloor: Floor,
  flyerBudgetFloor: Floor,
  effectiveCodeBudget: Type.Integer(),
  effectiveFlyerBudget: Type.Integer(),
});

const relayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/:vendorId/alerts', {
    preHandler: app.ownerOf('vendorId'),
    schema: {
      tags: ['qrcode'],
      summary: 'Codes flagged as probably relayed (last 7 days), each with the stamps it granted',
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: Type.Object({ alerts: Type.Array(Alert) }), 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => ({ alerts: await listRelayAlerts(app.deps, request.params.vendorId) }));

  app.post('/:vendorId/alerts/void', {
    preHandler: app.ownerOf('vendorId'),
    config: { rateLimit: { max: VOIDS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['qrcode'],
      summary: "Voids a flagged code's stamps: cards lose them, claims already made stay, a flyer code is renewed (audited)",
      security: [{ bearer: [] }],
      params: VendorParams,
      body: Type.Object({ code: Text({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
      response: {
        200: Type.Object({ voidedStamps: Type.Integer(), cards: Type.Integer(), claimsKept: Type.Integer(), flyerRenewed: Type.Boolean() }),
        400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody,
      },
    },
  }, async (request) => voidCode(app.deps, request.params.vendorId, request.body.code, request.ip));

  app.get('/:vendorId/stamp-budget', {
    preHandler: app.ownerOf('vendorId'),
    schema: {
      tags: ['qrcode'],
      summary: "The store's stamp-budget floors and the budgets in force",
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: BudgetSettings, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => getBudgetSettings(app.deps, request.params.vendorId));

  app.put('/:vendorId/stamp-budget', {
    preHandler: app.ownerOf('vendorId'),
    schema: {
      tags: ['qrcode'],
      summary: "Sets the store's own floors (null: the server's default); audited",
      security: [{ bearer: [] }],
      params: VendorParams,
      body: Type.Object({ codeBudgetFloor: Floor, flyerBudgetFloor: Floor }, { additionalProperties: false }),
      response: { 200: BudgetSettings, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => updateBudgetSettings(app.deps, request.params.vendorId, request.body, request.ip));
};

export default relayRoutes;
