// /api/web-push: the server's VAPID public key, and a customer's push subscriptions for the store of
// one of their cards. Customers authenticate with their device credential (X-Customer-Key); a card of
// another wallet is a 404, like every card route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '../../src/api/contract/common';
import { CardParams, CredentialHeaders } from '../../src/api/contract/customer';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import {
  WebPushKeyResponse,
  WebPushSubscribeRequest,
  WebPushSubscriptionsResponse,
  WebPushUnsubscribeRequest,
  WebPushUnsubscribeResponse,
} from '../../src/api/contract/web-push';
import { requireCustomer } from '../services/customers';
import { listCardSubscriptions, subscribeCard, unsubscribeCard, webPushKey } from '../services/web-push';
import { named } from '../plugins/plugin-name';

const MINUTE_MS = 60 * 1000;
/** A card page reads its switch once per visit; a café's Wi-Fi is one address for every phone in it. */
export const SUBSCRIPTION_READS_PER_ADDRESS = 120;
/** Turning the switch on and off. */
export const SUBSCRIPTION_CHANGES_PER_ADDRESS = 30;

function credentialOf(request: FastifyRequest): string | undefined {
  const value = request.headers[CUSTOMER_CREDENTIAL_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

const webPushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.get('/key', {
    config: { access: 'public', rateLimit: { max: SUBSCRIPTION_READS_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: "The server's VAPID public key (base64url), which browsers subscribe to push with",
      response: { 200: WebPushKeyResponse, 404: ErrorBody, 429: ErrorBody },
    },
  }, async () => webPushKey(app.deps));

  app.get('/cards/:cardId/subscriptions', {
    config: { access: 'customer', rateLimit: { max: SUBSCRIPTION_READS_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: "The push endpoints of this wallet that get offers from the card's store",
      headers: CredentialHeaders,
      params: CardParams,
      response: { 200: WebPushSubscriptionsResponse, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return listCardSubscriptions(app.deps, customerId, request.params.cardId);
  });

  app.post('/cards/:cardId/subscriptions', {
    config: { access: 'customer', rateLimit: { max: SUBSCRIPTION_CHANGES_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: "Get the card's store's offers as notifications in this browser",
      description:
        'The body is the browser\'s PushSubscription as JSON. The endpoint must be an https URL of a public push service. ' +
        'Subscribing an endpoint again renews its keys. 400 bad endpoint or keys; 404 a card not in this wallet or push not set up; ' +
        '409 five browsers of this wallet already get the store\'s offers.',
      headers: CredentialHeaders,
      params: CardParams,
      body: WebPushSubscribeRequest,
      response: { 204: Type.Null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    await subscribeCard(app.deps, customerId, request.params.cardId, request.body);
    return reply.code(204).send(null);
  });

  app.delete('/cards/:cardId/subscriptions', {
    config: { access: 'customer', rateLimit: { max: SUBSCRIPTION_CHANGES_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: "Stop the card's store's offers to this browser",
      description: 'Answers whether other stores still send offers to the endpoint (the browser keeps its subscription while any does).',
      headers: CredentialHeaders,
      params: CardParams,
      body: WebPushUnsubscribeRequest,
      response: { 200: WebPushUnsubscribeResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return unsubscribeCard(app.deps, customerId, request.params.cardId, request.body.endpoint);
  });
};

export default named(webPushRoutes);
