// /api/web-push: the server's VAPID public key, and a customer's push subscriptions for the store of
// one of their cards. Customers authenticate with their device credential (X-Customer-Key); a card of
// another wallet is a 404, like every card route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../src/api/contract/common';
import { CardParams } from '../../src/api/contract/customer';
import {
  WebPushKeyResponse,
  WebPushSubscribeRequest,
  WebPushSubscriptionsResponse,
  WebPushUnsubscribeRequest,
  WebPushUnsubscribeResponse,
} from '../../src/api/contract/web-push';
import { customerOf, customerRoute, MINUTE_MS } from '../plugins/customer-routes';
import { listCardSubscriptions, subscribeCard, unsubscribeCard, webPushKey } from '../services/web-push';
import { named } from '../plugins/plugin-name';

/** A card page reads its switch once per visit; a café's Wi-Fi is one address for every phone in it. */
export const SUBSCRIPTION_READS_PER_ADDRESS = 120;
/** Turning the switch on and off. */
export const SUBSCRIPTION_CHANGES_PER_ADDRESS = 30;

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

  const reads = { max: SUBSCRIPTION_READS_PER_ADDRESS, timeWindow: MINUTE_MS };
  const changes = { max: SUBSCRIPTION_CHANGES_PER_ADDRESS, timeWindow: MINUTE_MS };

  app.get('/cards/:cardId/subscriptions', customerRoute(reads, {
    summary: "The push endpoints of this wallet that get offers from the card's store",
    params: CardParams,
    response: { 200: WebPushSubscriptionsResponse, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request) => listCardSubscriptions(app.deps, await customerOf(app.deps, request), request.params.cardId));

  app.post('/cards/:cardId/subscriptions', customerRoute(changes, {
    summary: "Get the card's store's offers as notifications in this browser",
    description:
      'The body is the browser\'s PushSubscription as JSON. The endpoint must be an https URL of a public push service. ' +
      'Subscribing an endpoint again renews its keys. 400 bad endpoint or keys; 404 a card not in this wallet or push not set up; ' +
      '409 five browsers of this wallet already get the store\'s offers.',
    params: CardParams,
    body: WebPushSubscribeRequest,
    response: { 204: Type.Null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
  }), async (request, reply) => {
    await subscribeCard(app.deps, await customerOf(app.deps, request), request.params.cardId, request.body);
    return reply.code(204).send(null);
  });

  app.delete('/cards/:cardId/subscriptions', customerRoute(changes, {
    summary: "Stop the card's store's offers to this browser",
    description: 'Answers whether other stores still send offers to the endpoint (the browser keeps its subscription while any does).',
    params: CardParams,
    body: WebPushUnsubscribeRequest,
    response: { 200: WebPushUnsubscribeResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request) => unsubscribeCard(app.deps, await customerOf(app.deps, request), request.params.cardId, request.body.endpoint));
};

export default named(webPushRoutes);
