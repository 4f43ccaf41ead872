// /api/qrcode routes — being built (see the issue that owns them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const qrcodeRoutes: FastifyPluginAsyncTypebox = async () => {};

export default qrcodeRoutes;
