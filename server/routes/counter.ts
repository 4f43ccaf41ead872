// /api/counter: a counter screen pairs with the code the owner's screen shows, then reads the store it
// shows counter mode for. Its device token opens counter mode's routes only (access 'counter' or 'device').
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../src/api/contract/common';
import { CounterDeviceResponse, PairDeviceRequest, PairDeviceResponse } from '../../src/api/contract/counter';
import { counterStore, pairDevice } from '../services/counter-devices';
import { unauthorized } from '../http-errors';
import { named } from '../plugins/plugin-name';

/** Pairing attempts per address per 10 minutes: a counter pairs once; guessing 31^8 codes needs far more. */
export const PAIRING_ATTEMPTS_PER_ADDRESS = 10;

const counterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/pair', {
    config: { access: 'public', rateLimit: { max: PAIRING_ATTEMPTS_PER_ADDRESS, timeWindow: 10 * 60_000 } },
    schema: {
      tags: ['counter'],
      summary: 'Pair a counter screen with a one-use pairing code; answers its device token and signing key',
      body: PairDeviceRequest,
      response: { 200: PairDeviceResponse, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => pairDevice(app.deps, request.body));

  app.get('/me', {
    config: { access: 'device' },
    schema: {
      tags: ['counter'],
      summary: "The counter screen's store (device token)",
      security: [{ bearer: [] }],
      response: { 200: CounterDeviceResponse, 401: ErrorBody },
    },
  }, async (request) => {
    const principal = request.principal;
    if (principal?.kind !== 'device') throw unauthorized();
    return counterStore(app.deps, principal.deviceId);
  });
};

export default named(counterRoutes);
