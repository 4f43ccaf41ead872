// /api/campaigns/{vendorId}: save, list, pause, resume and end the store's campaigns, and count who
// each customer frequency reaches, their results, and the offers the counter shows. HTTP only; rules in
// services/. Managers and owners only, but for the counter's offers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CampaignAudience, CampaignInput, CampaignList, CampaignOffers, CampaignParams, CampaignResults, CampaignRow, CreatedCampaign } from '../../src/api/contract/campaigns';
import { ErrorBody, VendorParams } from '../../src/api/contract/common';
import { storeOffers } from '../services/campaign-offers';
import { campaignResults } from '../services/campaign-results';
import { campaignAudience, changeCampaign, createCampaign, listStoreCampaigns, type CampaignAction } from '../services/campaigns';
import { named } from '../plugins/plugin-name';

const campaignsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/:vendorId', {
    config: { access: 'manager' },
    schema: {
      tags: ['campaigns'],
      summary: 'Save a campaign from the Campaigns form (400 names each field at fault: end before start, no items, budget outside 0–200, …)',
      security: [{ bearer: [] }],
      params: VendorParams,
      body: CampaignInput,
      response: { 201: CreatedCampaign, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request, reply) => {
    const principal = request.principal;
    const createdBy = principal?.kind === 'person' ? principal.personId : null;
    const created = await createCampaign(app.deps, request.params.vendorId, request.body, createdBy);
    reply.code(201);
    return created;
  });

  app.get('/:vendorId', {
    config: { access: 'manager' },
    schema: {
      tags: ['campaigns'],
      summary: "The store's campaigns, newest first, with where each stands and the notifications it has sent",
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: CampaignList, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { campaigns: await listStoreCampaigns(app.deps, request.params.vendorId) };
  });

  app.get('/:vendorId/audience', {
    config: { access: 'manager' },
    schema: {
      tags: ['campaigns'],
      summary: 'How many customers each customer frequency selects today (a visit: a store day with a stamp; daily: visits on ≥ 10 days of the last 30; weekly: ≥ 3; monthly: ≥ 1; all)',
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: CampaignAudience, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return campaignAudience(app.deps, request.params.vendorId);
  });

  // The counter screen (staff and paired counter devices too) shows what customers may ask for.
  app.get('/:vendorId/offers', {
    config: { access: 'counter' },
    schema: {
      tags: ['campaigns'],
      summary: "The store's discount, exclusive and limited-time offers running now, for the counter screen",
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: CampaignOffers, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { offers: await storeOffers(app.deps, request.params.vendorId) };
  });

  app.get('/:vendorId/:campaignId/results', {
    config: { access: 'manager' },
    schema: {
      tags: ['campaigns'],
      summary: 'Return visits per day since the start (messaged and held-out halves with A/B testing; else against the previous 30 days) and the difference per 100 customers with its 95% interval',
      security: [{ bearer: [] }],
      params: CampaignParams,
      response: { 200: CampaignResults, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return campaignResults(app.deps, request.params.vendorId, request.params.campaignId);
  });

  for (const action of ['pause', 'resume', 'end'] as const satisfies readonly CampaignAction[]) {
    app.post(`/:vendorId/:campaignId/${action}`, {
      config: { access: 'manager' },
      schema: {
        tags: ['campaigns'],
        summary: `${action[0].toUpperCase()}${action.slice(1)} a campaign (409 once it has ended)`,
        security: [{ bearer: [] }],
        params: CampaignParams,
        response: { 200: CampaignRow, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    }, async (request) => changeCampaign(app.deps, request.params.vendorId, request.params.campaignId, action));
  }
};

export default named(campaignsRoutes);
