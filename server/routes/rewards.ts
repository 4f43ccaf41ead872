// /api/rewards/{vendorId}: read and save the vendor's punch-card reward. HTTP only; rules in services/rewards.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, VendorParams as Params } from '../../src/api/contract/common';
import { CounterStampSettings, RewardSettingsView, FirstDayStatus, RewardResponse, RewardSettings, RewardSetup as Reward, SaveRewardResponse } from '../../src/api/contract/rewards';
import { textError } from '../http-errors';
import { getFirstDayStatus } from '../services/first-day';
import { getRewardSetup, saveRewardSetup } from '../services/rewards';
import { getRewardSettings, saveRewardSettings } from '../services/reward-settings';
import { noteRewardSettingsChange, noteStoreSettingsChange, rewardSettingsChangedBy } from '../services/actors';
import { named } from '../plugins/plugin-name';

const rewardsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/:vendorId', {
    config: { access: 'staff' },
    schema: {
      tags: ['rewards'],
      summary: "The vendor's punch-card reward (the default reward when none is saved) and the menu items it may name",
      security: [{ bearer: [] }],
      params: Params,
      response: {
        200: RewardResponse,
        401: ErrorBody,
        403: ErrorBody,
      },
    },
  }, async (request) => getRewardSetup(app.deps, request.params.vendorId));

  app.get('/:vendorId/first-day', {
    config: { access: 'staff' },
    schema: {
      tags: ['rewards'],
      summary: "A new store's first-day checklist: reward set and usable, flyer printed, first real stamp",
      security: [{ bearer: [] }],
      params: Params,
      response: {
        200: FirstDayStatus,
        401: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
      },
    },
  }, async (request, reply) => {
    const status = await getFirstDayStatus(app.deps, request.params.vendorId);
    if (!status) throw textError(404, 'commonRefusals.storeGone');
    reply.header('Cache-Control', 'no-store');
    return status;
  });

  app.post('/:vendorId', {
    config: { access: 'manager' },
    schema: {
      tags: ['rewards'],
      summary: "Save the vendor's punch-card reward",
      security: [{ bearer: [] }],
      params: Params,
      body: Reward,
      response: { 200: SaveRewardResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request) => {
    const reward = await saveRewardSetup(app.deps, request.params.vendorId, request.body);
    await noteStoreSettingsChange(app.deps, request.params.vendorId, request.principal);
    return { reward };
  });

  app.get('/:vendorId/settings', {
    config: { access: 'manager' },
    schema: {
      tags: ['rewards'],
      summary: "The store's reward settings: stamp mode, max per transaction, auto-redeem, expiry in days",
      security: [{ bearer: [] }],
      params: Params,
      response: { 200: RewardSettingsView, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const settings = await getRewardSettings(app.deps, request.params.vendorId);
    return { ...settings, changedBy: await rewardSettingsChangedBy(app.deps, request.params.vendorId) };
  });

  app.get('/:vendorId/counter-settings', {
    // Counter mode (a staff member, or a paired counter screen) offers the stamp quantity from these two.
    config: { access: 'counter' },
    schema: {
      tags: ['rewards'],
      summary: 'What counter mode needs of the reward settings: the stamp mode and the max per transaction',
      security: [{ bearer: [] }],
      params: Params,
      response: { 200: CounterStampSettings, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { stampMode, maxPerTransaction } = await getRewardSettings(app.deps, request.params.vendorId);
    return { stampMode, maxPerTransaction };
  });

  app.put('/:vendorId/settings', {
    config: { access: 'manager' },
    schema: {
      tags: ['rewards'],
      summary: "Save the store's reward settings (max per transaction at most the card size)",
      security: [{ bearer: [] }],
      params: Params,
      body: RewardSettings,
      response: { 200: RewardSettings, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request) => {
    const saved = await saveRewardSettings(app.deps, request.params.vendorId, request.body);
    await noteRewardSettingsChange(app.deps, request.params.vendorId, request.principal);
    return saved;
  });
};

export default named(rewardsRoutes);
