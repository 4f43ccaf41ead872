// /api/dashboard/{vendorId}: every figure of the vendor's dashboard, owner-only. HTTP only; the figures come
// from services/dashboard.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardQuery, DashboardResponse } from '../../src/api/contract/activity';
import { ErrorBody, VendorParams as Params } from '../../src/api/contract/common';
import { getDashboard } from '../services/dashboard';
import { expireOverdueCards } from '../services/stamp-expiry';
import { localeOfAcceptLanguage } from '../infra/texts';
import { named } from '../plugins/plugin-name';

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The vendor's private figures: never kept by the browser or anything in between.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/:vendorId', {
    config: { access: 'staff' },
    schema: {
      tags: ['activity'],
      summary: "Every figure of the vendor's dashboard",
      description: 'utcOffset: the vendor\'s offset from UTC in minutes (e.g. 780 for UTC+13): days and weeks follow the store\'s time zone, or this offset for a store without one; default 0.',
      security: [{ bearer: [] }],
      params: Params,
      querystring: DashboardQuery,
      response: {
        200: DashboardResponse,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
      },
    },
  }, async (request) => {
    // Cards past the store's stamp expiry are settled first, so every figure counts them empty.
    await expireOverdueCards(app.deps, { vendorId: request.params.vendorId });
    return getDashboard(app.deps, request.params.vendorId, request.query.utcOffset, localeOfAcceptLanguage(request.headers['accept-language']));
  });
};

export default named(dashboardRoutes);
