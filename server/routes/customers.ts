// /api/customers/{vendorId}: the store's customer list in keyset pages, and its streamed CSV
// export. Owner-only; HTTP only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, VendorParams as Params } from '../../src/api/contract/common';
import { CsvBody, CustomerExportQuery, CustomerListQuery, CustomerListResponse, CustomerSearchQuery, CustomerSearchResponse } from '../../src/api/contract/customers';
import { listCustomers } from '../services/customer-list';
import { searchCustomers } from '../services/customer-search';
import { customerCsvStream } from '../services/export/csv-export';
import { csvSeparatorFor } from '../services/export/csv';
import { formatLocaleOfAcceptLanguage, localeOfAcceptLanguage } from '../infra/texts';
import { storeTimeZoneOf } from '../services/store-day';
import { named } from '../plugins/plugin-name';
import { rateLimitKey } from '../infra/client-network';

/** Exports are heavy: a few per minute per vendor is plenty (the activity log's export has the same budget). */
export const EXPORTS_PER_MINUTE = 10;
/** The top bar asks as the owner types (debounced): room for a busy minute of searching. */
export const SEARCHES_PER_MINUTE = 60;

/** A streamed CSV download's headers (the activity log's export sends them too). */
export function csvHeaders(name: string) {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff',
  };
}

const customersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/:vendorId', {
    config: { access: 'manager' },
    schema: {
      tags: ['customers'],
      summary: "The store's customers, one keyset page at a time",
      description: 'filter: all, regulars (≥ minVisits visits in 30 days) or lapsed (none in 30 days). sort: lastVisit, firstVisit, visits, stamps, rewardsGiven; order asc or desc. Pass `next` of a page as `after` for the following one.',
      security: [{ bearer: [] }],
      params: Params,
      querystring: CustomerListQuery,
      response: { 200: CustomerListResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => listCustomers(app.deps, request.params.vendorId, request.query, localeOfAcceptLanguage(request.headers['accept-language'])));

  app.get('/:vendorId/search', {
    config: {
      access: 'manager',
      rateLimit: {
        max: SEARCHES_PER_MINUTE,
        timeWindow: 60_000,
        // Per store and address: a stranger with no token cannot use up the owner's searches.
        keyGenerator: (request) => `customer-search:${(request.params as { vendorId?: string }).vendorId ?? ''}:${rateLimitKey(request.ip)}`,
      },
    },
    schema: {
      tags: ['customers'],
      summary: "The store's customers whose name or e-mail holds the text, or whose number it is (at most 8, latest visit first)",
      security: [{ bearer: [] }],
      params: Params,
      querystring: CustomerSearchQuery,
      response: { 200: CustomerSearchResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => searchCustomers(app.deps, request.params.vendorId, request.query.q, localeOfAcceptLanguage(request.headers['accept-language'])));

  app.get('/:vendorId/export.csv', {
    config: { access: 'manager', rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['customers'],
      summary: 'The customer list as CSV (streamed)',
      security: [{ bearer: [] }],
      params: Params,
      querystring: CustomerExportQuery,
      // Any: the 200 body is a text/csv byte stream, which no JSON schema describes (and none serializes).
      response: { 200: CsvBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    const { filter, minVisits, utcOffset } = request.query;
    const timeZone = await storeTimeZoneOf(app.deps.db.kysely, request.params.vendorId);
    const separator = csvSeparatorFor(formatLocaleOfAcceptLanguage(request.headers['accept-language']));
    const stream = customerCsvStream(app.deps, request.params.vendorId, filter, minVisits, { utcOffsetMinutes: utcOffset, timeZone, separator });
    return reply.headers(csvHeaders('stampwise-customers.csv')).send(stream);
  });
};

export default named(customersRoutes);
