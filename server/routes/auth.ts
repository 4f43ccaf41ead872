// /api/auth routes — being built (see the issue that owns them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const authRoutes: FastifyPluginAsyncTypebox = async () => {};

export default authRoutes;
