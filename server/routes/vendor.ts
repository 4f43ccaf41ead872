// /api/vendor routes — being built (see the issue that owns them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const vendorRoutes: FastifyPluginAsyncTypebox = async () => {};

export default vendorRoutes;
