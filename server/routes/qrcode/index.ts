// /api/qrcode: the counter and flyer codes (codes.ts) and the owner's review of codes flagged as relayed
// with the stamp budget's floors (relay.ts). Each part is its own plugin, so relay's no-store header
// stays on its own routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import codeRoutes from './codes';
import relayRoutes from './relay';
import { named } from '../../plugins/plugin-name';

const qrcodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(codeRoutes);
  await app.register(relayRoutes);
};

export default named(qrcodeRoutes);
