// /api/passes/apple: Apple's pass web service (the pass's webServiceURL), which Wallet on a phone
// calls by itself — register and unregister for a pass's pushes, list the passes changed since a tag,
// fetch the latest pass, send logs — and whether this server offers Apple Wallet passes. Each pass
// route wants the pass's own "ApplePass <token>" (checked by the service); no sign-in, so every route is
// declared public. Rate-limited per address.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../src/api/contract/common';
import {
  AppleDeviceParams,
  AppleLogRequest,
  ApplePassAuthorizationHeaders,
  ApplePassDownloadQuery,
  ApplePassFetchHeaders,
  ApplePassParams,
  ApplePassStatusResponse,
  AppleRegistrationParams,
  AppleRegistrationRequest,
  AppleUpdatedSerialsQuery,
  AppleUpdatedSerialsResponse,
} from '../../src/api/contract/apple-passes';
import { PKPASS_MIME_TYPE } from '../infra/apple-pass';
import { localeOfAcceptLanguage } from '../infra/texts';
import { APPLE_PASS_LINK_USES, applePassByDownloadTicket } from '../services/apple-pass';
import { HttpError } from '../http-errors';
import { rateLimitKey } from '../infra/client-network';
import { isRightToLeft, type Locale } from '../../src/api/contract/locales';
import { latestPass, registerDevice, unregisterDevice, updatedSerials } from '../services/apple-pass-web-service';
import { named } from '../plugins/plugin-name';

/** Requests per address per minute: a phone makes a few per push; a guesser would need billions. */
export const APPLE_WEB_SERVICE_REQUESTS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;
/** Log lines a phone may send per request are kept this short in our log. */
const LOG_LINE_MAX = 500;

/** A refused download: `{ error }` as JSON, or the same words as a page for a browser. */
const RefusalBodyOrPage = {
  content: {
    'application/json': { schema: ErrorBody },
    'text/html': { schema: Type.String({ description: 'the refusal as a page' }) },
  },
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const acceptsHtml = (accept: string | undefined): boolean => accept !== undefined && /\btext\/html\b/i.test(accept);

function refusalPage(locale: Locale, message: string): string {
  const dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(message)}</title></head><body><main><h1>${escapeHtml(message)}</h1></main></body></html>`;
}

const passesAppleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rateLimit = { max: APPLE_WEB_SERVICE_REQUESTS_PER_MINUTE, timeWindow: MINUTE_MS };
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/status', {
    config: { access: 'public' },
    schema: {
      tags: ['passes'],
      summary: 'Whether this server makes Apple Wallet passes (APPLE_* variables set)',
      response: { 200: ApplePassStatusResponse },
    },
  }, async () => ({ enabled: app.deps.config.applePass !== undefined }));

  app.get('/download', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['passes'],
      summary: "The card's pass (application/vnd.apple.pkpass) by a link from POST /api/customer/cards/{cardId}/apple-pass-link",
      description:
        `A link is spent by its first GET: it answers again only to the same network (an IPv4 address, an IPv6 /64), ${APPLE_PASS_LINK_USES} times in all ` +
        '(browsers on an iPhone fetch a pass twice), within its minute. HEAD spends nothing. 404 for a link that is forged, altered or older ' +
        'than a minute, 410 for a used one; a browser (Accept: text/html) gets the refusal as a page.',
      querystring: ApplePassDownloadQuery,
      // Sent as bytes: Fastify never serialises a Buffer.
      response: {
        200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The .pkpass file' }),
        404: RefusalBodyOrPage,
        410: RefusalBodyOrPage,
        429: ErrorBody,
      },
    },
  }, async (request, reply) => {
    const locale = localeOfAcceptLanguage(request.headers['accept-language']);
    let pass: Buffer | undefined;
    try {
      pass = await applePassByDownloadTicket(app.deps, request.query.ticket, locale, rateLimitKey(request.ip), request.method === 'HEAD');
    } catch (error) {
      // The link is opened by the browser itself (a navigation), so a person reads the refusal: a page, not JSON.
      if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410) || !acceptsHtml(request.headers.accept)) throw error;
      return reply.code(error.statusCode).type('text/html; charset=utf-8').send(refusalPage(locale, error.message));
    }
    reply.header('content-type', PKPASS_MIME_TYPE).header('content-disposition', 'attachment; filename="card.pkpass"');
    // HEAD: the headers a GET would have; Fastify sends no body.
    return reply.send(pass ?? Buffer.alloc(0));
  });

  app.post('/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['passes'],
      summary: "Register a phone for a pass's update pushes (Apple's pass web service)",
      description: '201 the first time, 200 when already registered; 401 for a wrong token or a serial that does not exist (the same answer).',
      headers: ApplePassAuthorizationHeaders,
      params: AppleRegistrationParams,
      body: AppleRegistrationRequest,
      response: { 200: Type.Null(), 201: Type.Null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    const outcome = await registerDevice(app.deps, {
      deviceLibraryId: request.params.deviceLibraryIdentifier,
      passTypeId: request.params.passTypeIdentifier,
      serialNumber: request.params.serialNumber,
      authorization: request.headers.authorization,
      locale: localeOfAcceptLanguage(request.headers['accept-language']),
      pushToken: request.body.pushToken,
    });
    return reply.code(outcome === 'created' ? 201 : 200).send(null);
  });

  app.delete('/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['passes'],
      summary: "Unregister a phone from a pass's pushes (the pass was removed from Wallet)",
      headers: ApplePassAuthorizationHeaders,
      params: AppleRegistrationParams,
      response: { 200: Type.Null(), 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    await unregisterDevice(app.deps, {
      deviceLibraryId: request.params.deviceLibraryIdentifier,
      passTypeId: request.params.passTypeIdentifier,
      serialNumber: request.params.serialNumber,
      authorization: request.headers.authorization,
      locale: localeOfAcceptLanguage(request.headers['accept-language']),
    });
    return reply.code(200).send(null);
  });

  app.get('/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['passes'],
      summary: "The serial numbers of the phone's passes changed since `passesUpdatedSince` (all without it)",
      description: '204 when none changed. `lastUpdated` is the tag to send next time.',
      params: AppleDeviceParams,
      querystring: AppleUpdatedSerialsQuery,
      response: { 200: AppleUpdatedSerialsResponse, 204: Type.Null(), 404: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    const changed = await updatedSerials(app.deps, {
      deviceLibraryId: request.params.deviceLibraryIdentifier,
      passTypeId: request.params.passTypeIdentifier,
      passesUpdatedSince: request.query.passesUpdatedSince,
    });
    if (!changed) return reply.code(204).send(null);
    return changed;
  });

  app.get('/v1/passes/:passTypeIdentifier/:serialNumber', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['passes'],
      summary: 'The latest version of a pass (application/vnd.apple.pkpass), or 304 when the If-Modified-Since copy is current',
      description: '401 for a wrong token or a serial that does not exist (the same answer).',
      headers: ApplePassFetchHeaders,
      params: ApplePassParams,
      // Sent as bytes: Fastify never serialises a Buffer.
      response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The .pkpass file' }), 304: Type.Unsafe<undefined>({ description: 'Not modified: no body' }), 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    const answer = await latestPass(app.deps, {
      passTypeId: request.params.passTypeIdentifier,
      serialNumber: request.params.serialNumber,
      authorization: request.headers.authorization,
      locale: localeOfAcceptLanguage(request.headers['accept-language']),
      ifModifiedSince: request.headers['if-modified-since'],
    });
    reply.header('last-modified', answer.lastModified);
    if (answer.notModified) return reply.code(304).send(undefined);
    return reply.header('content-type', PKPASS_MIME_TYPE).send(answer.pass);
  });

  app.post('/v1/log', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['passes'],
      summary: "Wallet's error messages about our passes, written to the server log",
      body: AppleLogRequest,
      response: { 200: Type.Null(), 400: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    for (const line of request.body.logs) request.log.warn({ walletLog: line.slice(0, LOG_LINE_MAX) }, 'Apple Wallet reported a problem with a pass');
    return reply.code(200).send(null);
  });
};

export default named(passesAppleRoutes);
