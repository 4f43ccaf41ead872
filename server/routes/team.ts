// /api/team/:vendorId…: the store's people and invitations, for its owner only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../src/api/contract/common';
import { ChangeRoleRequest, InvitationRequest, InvitationResponse, PersonParams, TeamParams, TeamResponse } from '../../src/api/contract/team';
import { changeRole, invite, removePerson, teamOf } from '../services/team';
import { unauthorized } from '../http-errors';
import { localeOfAcceptLanguage } from '../infra/texts';
import { named } from '../plugins/plugin-name';

/** Invitations an owner may send per hour: each one is a mail. */
export const INVITATIONS_PER_HOUR = 20;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const security = [{ bearer: [] }];

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
      rateLimit: { max: INVITATIONS_PER_HOUR, timeWindow: 60 * 60 * 1000, keyGenerator: (request: FastifyRequest) => `invitations:${request.vendorId ?? request.ip}` },
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
};

export default named(teamRoutes);
