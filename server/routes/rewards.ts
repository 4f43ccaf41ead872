// /api/rewards routes — being built (see the issue that owns them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const rewardsRoutes: FastifyPluginAsyncTypebox = async () => {};

export default rewardsRoutes;
