// /api/team/{vendorId}/devices: the store's counter screens — a pairing code for a new one, the list
// (name, paired by, last seen), renaming and removing: all of it for an owner or a manager, who run the counter.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, VendorParams } from '../../src/api/contract/common';
import { CounterDevice, CounterDeviceList, DeviceParams, PairingCodeResponse, RenameDeviceRequest } from '../../src/api/contract/counter';
import { createPairingCode, listDevices, renameCounterDevice, revokeCounterDevice, type DeviceRow } from '../services/counter-devices';
import { unauthorized } from '../http-errors';
import { named } from '../plugins/plugin-name';

/** Pairing codes per session per minute: a few screens at a time. */
export const PAIRING_CODES_PER_MINUTE = 10;

const toDevice = (row: DeviceRow): CounterDevice => ({ id: row.id, name: row.name, pairedBy: row.pairedBy, pairedAt: row.createdAt, lastSeenAt: row.lastSeenAt });

const teamDeviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/:vendorId/devices', {
    // An owner or manager adds a counter screen.
    config: { access: 'manager', rateLimit: { max: PAIRING_CODES_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['counter'],
      summary: 'A pairing code for a new counter screen (8 characters, valid 10 minutes, one use)',
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: PairingCodeResponse, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    if (!request.principal) throw unauthorized();
    return createPairingCode(app.deps, request.params.vendorId, request.principal);
  });

  app.get('/:vendorId/devices', {
    config: { access: 'manager' },
    schema: {
      tags: ['counter'],
      summary: "The store's counter screens (removed ones are not listed)",
      security: [{ bearer: [] }],
      params: VendorParams,
      response: { 200: CounterDeviceList, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => ({ items: (await listDevices(app.deps, request.params.vendorId)).map(toDevice) }));

  app.patch('/:vendorId/devices/:deviceId', {
    config: { access: 'manager' },
    schema: {
      tags: ['counter'],
      summary: 'Rename a counter screen',
      security: [{ bearer: [] }],
      params: DeviceParams,
      body: RenameDeviceRequest,
      response: { 200: CounterDevice, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request) => toDevice(await renameCounterDevice(app.deps, request.params.vendorId, request.params.deviceId, request.body.name)));

  app.delete('/:vendorId/devices/:deviceId', {
    config: { access: 'manager' },
    schema: {
      tags: ['counter'],
      summary: 'Remove a counter screen: its token, its live feed (within 20 s) and every code it signed stop working',
      security: [{ bearer: [] }],
      params: DeviceParams,
      response: { 204: { type: 'null' }, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request, reply) => {
    await revokeCounterDevice(app.deps, request.params.vendorId, request.params.deviceId);
    return reply.code(204).send(null);
  });
};

export default named(teamDeviceRoutes);
