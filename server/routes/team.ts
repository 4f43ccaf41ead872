// /api/team/:vendorId…: the store's people and invitations, for its owner only; and its counter screens
// (/api/team/:vendorId/devices) — a pairing code for a new one, the list (name, paired by, last seen),
// renaming and removing — for an owner or a manager, who run the counter.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import { ErrorBody, VendorParams } from '../../src/api/contract/common';
import { CounterDevice, CounterDeviceList, DeviceParams, PairingCodeResponse, RenameDeviceRequest } from '../../src/api/contract/counter';
import { ChangeRoleRequest, InvitationParams, InvitationRequest, InvitationResponse, PersonParams, TeamParams, TeamResponse } from '../../src/api/contract/team';
import { cancelInvitation, changeRole, invite, removePerson, teamOf } from '../services/team';
import { createPairingCode, listDevices, renameCounterDevice, revokeCounterDevice, type DeviceRow } from '../services/counter-devices';
import { unauthorized } from '../http-errors';
import { localeOfAcceptLanguage } from '../infra/texts';
import { named } from '../plugins/plugin-name';
import { rateLimitKey } from '../infra/client-network';

/** Invitations an owner may send per hour: each one is a mail. */
export const INVITATIONS_PER_HOUR = 20;
/** Pairing codes per session per minute: a few screens at a time. */
export const PAIRING_CODES_PER_MINUTE = 10;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const security = [{ bearer: [] }];

const toDevice = (row: DeviceRow): CounterDevice => ({ id: row.id, name: row.name, pairedBy: row.pairedBy, pairedAt: row.createdAt, lastSeenAt: row.lastSeenAt });

const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/:vendorId', {
    config: { access: 'owner' },
    schema: { tags: ['team'], summary: 'The team: the owner, managers and staff, and invitations not accepted yet', security, params: TeamParams, response: { 200: TeamResponse, ...errors } },
  }, async (request) => teamOf(app.deps, request.params.vendorId));

  app.post('/:vendorId/invitations', {
    config: {
      access: 'owner',
      rateLimit: { max: INVITATIONS_PER_HOUR, timeWindow: 60 * 60 * 1000, keyGenerator: (request: FastifyRequest) => `invitations:${request.vendorId ?? rateLimitKey(request.ip)}` },
    },
    schema: {
      tags: ['team'],
      summary: 'Invite a manager or staff member by e-mail: a one-time link, valid 7 days',
      description: '409 when the address is already in the team or already signs in to Stampwise. A new invitation to an address replaces its earlier ones.',
      security,
      params: TeamParams,
      body: InvitationRequest,
      response: { 201: InvitationResponse, ...errors, 429: ErrorBody },
    },
  }, async (request, reply) => {
    const principal = request.principal;
    if (principal?.kind !== 'person') throw unauthorized();
    // The invited person has no language yet: the mail is written in the one the owner is using.
    const mailLocale = localeOfAcceptLanguage(request.headers['accept-language']);
    const invitation = await invite(app.deps, request.params.vendorId, principal.personId, request.body.email, request.body.role, mailLocale);
    return reply.code(201).send(invitation);
  });

  app.delete('/:vendorId/invitations/:email', {
    config: { access: 'owner' },
    schema: {
      tags: ['team'],
      summary: "Cancel an open invitation: the address's link stops working",
      description: '404 when the address has no open invitation.',
      security,
      params: InvitationParams,
      response: { 204: Type.Null(), ...errors },
    },
  }, async (request, reply) => {
    await cancelInvitation(app.deps, request.params.vendorId, request.params.email);
    return reply.code(204).send(null);
  });

  app.put('/:vendorId/people/:personId/role', {
    config: { access: 'owner' },
    schema: {
      tags: ['team'],
      summary: "Change a person's role; their open sessions end",
      description: '409 for the owner (a store always keeps its owner).',
      security,
      params: PersonParams,
      body: ChangeRoleRequest,
      response: { 204: Type.Null(), ...errors },
    },
  }, async (request, reply) => {
    await changeRole(app.deps, request.params.vendorId, request.params.personId, request.body.role);
    return reply.code(204).send(null);
  });

  app.delete('/:vendorId/people/:personId', {
    config: { access: 'owner' },
    schema: {
      tags: ['team'],
      summary: 'Remove a person from the team; their open sessions end',
      description: '409 for the owner (a store always keeps its owner).',
      security,
      params: PersonParams,
      response: { 204: Type.Null(), ...errors },
    },
  }, async (request, reply) => {
    await removePerson(app.deps, request.params.vendorId, request.params.personId);
    return reply.code(204).send(null);
  });

  app.post('/:vendorId/devices', {
    // An owner or manager adds a counter screen.
    config: { access: 'manager', rateLimit: { max: PAIRING_CODES_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['counter'],
      summary: 'A pairing code for a new counter screen (8 characters, valid 10 minutes, one use)',
      security,
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
      security,
      params: VendorParams,
      response: { 200: CounterDeviceList, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => ({ items: (await listDevices(app.deps, request.params.vendorId)).map(toDevice) }));

  app.patch('/:vendorId/devices/:deviceId', {
    config: { access: 'manager' },
    schema: {
      tags: ['counter'],
      summary: 'Rename a counter screen',
      security,
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
      security,
      params: DeviceParams,
      response: { 204: { type: 'null' }, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request, reply) => {
    await revokeCounterDevice(app.deps, request.params.vendorId, request.params.deviceId);
    return reply.code(204).send(null);
  });
};

export default named(teamRoutes);
