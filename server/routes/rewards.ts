// /api/rewards/{vendorId}: read and save the vendor's punch-card reward (SPEC.md §7). HTTP only; rules in services/rewards.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NullableText } from '../schemas/text';
import { notFound } from '../http-errors';
import { getFirstDayStatus } from '../services/first-day';
import { getRewardSetup, MAX_ITEM_CUSTOM_LENGTH, MAX_STAMPS, MIN_STAMPS, saveRewardSetup } from '../services/rewards';

const ErrorBody = Type.Object({
  error: Type.String(),
  details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
});


const Reward = Type.Object({
  stamps: Type.Integer({ minimum: MIN_STAMPS, maximum: MAX_STAMPS, description: 'Punches required for the reward' }),
  item: NullableText({ maxLength: 64 }),
  itemCustom: NullableText({ maxLength: MAX_ITEM_CUSTOM_LENGTH }),
  expiry: Type.String({ maxLength: 10, description: 'Calendar date YYYY-MM-DD' }),
}, { additionalProperties: false });

const Params = Type.Object({ vendorId: Type.String({ minLength: 1, maxLength: 64 }) });

const rewardsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/:vendorId', {
    preHandler: app.ownerOf('vendorId'),
    schema: {
      tags: ['rewards'],
      summary: "The vendor's punch-card reward (SPEC.md defaults when none is saved) and the menu items it may name",
      security: [{ bearer: [] }],
      params: Params,
      response: {
        200: Type.Object({ reward: Reward, items: Type.Array(Type.Object({ _id: Type.String(), name: Type.String() })) }),
        401: ErrorBody,
        403: ErrorBody,
      },
    },
  }, async (request) => getRewardSetup(app.deps, request.params.vendorId));

  app.get('/:vendorId/first-day', {
    preHandler: app.ownerOf('vendorId'),
    schema: {
      tags: ['rewards'],
      summary: "A new store's first-day checklist: reward set and usable, flyer printed, first real stamp (issue 15)",
      security: [{ bearer: [] }],
      params: Params,
      response: {
        200: Type.Object({
          rewardSaved: Type.Boolean(),
          rewardUsable: Type.Boolean({ description: 'Saved and its expiry date not passed' }),
          rewardExpiry: Type.Union([Type.String(), Type.Null()]),
          flyerPrinted: Type.Boolean(),
          firstStamp: Type.Boolean(),
        }),
        401: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
      },
    },
  }, async (request, reply) => {
    const status = await getFirstDayStatus(app.deps, request.params.vendorId);
    if (!status) throw notFound('This store no longer exists.');
    reply.header('Cache-Control', 'no-store');
    return status;
  });

  app.post('/:vendorId', {
    preHandler: app.ownerOf('vendorId'),
    schema: {
      tags: ['rewards'],
      summary: "Save the vendor's punch-card reward",
      security: [{ bearer: [] }],
      params: Params,
      body: Reward,
      response: { 200: Type.Object({ reward: Reward }), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request) => {
    const reward = await saveRewardSetup(app.deps, request.params.vendorId, request.body);
    return { reward };
  });
};

export default rewardsRoutes;
