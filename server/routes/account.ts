// /api/account: the signed-in person's own Account Settings (name, e-mail change, open sessions) and the
// owner deleting the store. HTTP only; the rules are in services/account-settings and services/store-deletion.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '../../src/api/contract/common';
import { TokenParams } from '../../src/api/contract/auth';
import {
  ChangeNameRequest,
  ChangeNameResponse,
  DeleteStoreRequest,
  EmailChangeRequest,
  EmailChangeResponse,
  EmailConfirmedResponse,
  OpenSessionsResponse,
  SessionParams,
  StoreParams,
} from '../../src/api/contract/account';
import { unauthorized } from '../http-errors';
import { localeOfAcceptLanguage } from '../infra/texts';
import { changeName, confirmEmailChange, endOpenSession, openSessionsOf, requestEmailChange, type AccountHolder } from '../services/account-settings';
import { deleteStore } from '../services/store-deletion';
import { named } from '../plugins/plugin-name';
import { rateLimitKey } from '../infra/client-network';

const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** E-mail change requests per person per 15 minutes (the service also caps the mails per hour). */
export const EMAIL_CHANGE_REQUESTS_PER_PERSON = 5;
/** Confirmation links opened per client address per 15 minutes, as every e-mail link: tokens cannot be guessed at speed. */
export const EMAIL_LINKS_PER_ADDRESS = 20;
/** Store deletions tried per store per 15 minutes: a stolen session cannot guess the owner's password at speed. */
export const STORE_DELETIONS_PER_STORE = 5;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const security = [{ bearer: [] }];

/** The person the request's session names (every route here but the link is for a person, never a device). */
function holderOf(request: FastifyRequest): AccountHolder {
  const principal = request.principal;
  if (principal?.kind !== 'person') throw unauthorized();
  return { vendorId: principal.vendorId, personId: principal.personId };
}

function sessionOf(request: FastifyRequest) {
  if (!request.session) throw unauthorized();
  return request.session;
}

const perPerson = (name: string) => (request: FastifyRequest) => `${name}:${request.session?.pid ?? request.vendorId ?? rateLimitKey(request.ip)}`;

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.put('/name', {
    config: { access: 'signed-in' },
    schema: { tags: ['account'], summary: 'Change your name', security, body: ChangeNameRequest, response: { 200: ChangeNameResponse, ...errors } },
  }, async (request) => changeName(app.deps, holderOf(request), request.body.name));

  app.post('/email-change', {
    config: { access: 'signed-in', rateLimit: { max: EMAIL_CHANGE_REQUESTS_PER_PERSON, timeWindow: THROTTLE_WINDOW_MS, keyGenerator: perPerson('email-change') } },
    schema: {
      tags: ['account'],
      summary: 'Change your e-mail address: a link valid 24 hours is mailed to the new address, a notice to the old one',
      description: 'Until the link is opened the old address signs in. 409 when the new address already signs in to Stampwise.',
      security,
      body: EmailChangeRequest,
      response: { 202: EmailChangeResponse, ...errors, 409: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    // The page's language: the person's own language setting replaces it once accounts keep one.
    const locale = localeOfAcceptLanguage(request.headers['accept-language']);
    return reply.code(202).send(await requestEmailChange(app.deps, holderOf(request), request.body.email, locale));
  });

  app.post('/confirm-email/:token', {
    config: { access: 'public', rateLimit: { max: EMAIL_LINKS_PER_ADDRESS, timeWindow: THROTTLE_WINDOW_MS } },
    schema: {
      tags: ['account'],
      summary: 'Open the link mailed to a new address: it becomes the account\'s e-mail',
      description: 'Single use: 404 unknown link, 410 used or expired, 409 the address signs in elsewhere now.',
      params: TokenParams,
      response: { 200: EmailConfirmedResponse, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => confirmEmailChange(app.deps, request.params.token));

  app.get('/sessions', {
    config: { access: 'signed-in' },
    schema: { tags: ['account'], summary: 'Your open sessions (browser, system, signed in at, last seen; this one marked)', security, response: { 200: OpenSessionsResponse, ...errors } },
  }, async (request) => ({ sessions: await openSessionsOf(app.deps, sessionOf(request)) }));

  app.delete('/sessions/:sessionId', {
    config: { access: 'signed-in' },
    schema: { tags: ['account'], summary: 'Sign one of your sessions out (its next request is refused)', security, params: SessionParams, response: { 204: Type.Null(), ...errors } },
  }, async (request, reply) => {
    await endOpenSession(app.deps, sessionOf(request), request.params.sessionId);
    return reply.code(204).send(null);
  });

  app.post('/:vendorId/delete-store', {
    config: { access: 'owner', rateLimit: { max: STORE_DELETIONS_PER_STORE, timeWindow: THROTTLE_WINDOW_MS, keyGenerator: (request: FastifyRequest) => `delete-store:${request.vendorId ?? rateLimitKey(request.ip)}` } },
    schema: {
      tags: ['account'],
      summary: "Delete the store and its personal data (customers, cards, stamps, team, counter screens, sessions); everyone is signed out",
      description: "The store's name typed as it is shown and the owner's current password (400 otherwise).",
      security,
      params: StoreParams,
      body: DeleteStoreRequest,
      response: { 204: Type.Null(), ...errors, 429: ErrorBody },
    },
  }, async (request, reply) => {
    await deleteStore(app.deps, request.params.vendorId, request.body.storeName, request.body.password);
    return reply.code(204).send(null);
  });
};

export default named(accountRoutes);
