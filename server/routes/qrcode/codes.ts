// /api/qrcode/generate, /printable and /flyer-printed: the rotating counter QR token and the long-lived flyer token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, VendorParams } from '../../../src/api/contract/common';
import { FlyerPrintedRequest, FlyerPrintedResponse, PrintableQrRequest, PrintableQrResponse, QrTokenQuery, QrTokenResponse } from '../../../src/api/contract/qrcode';
import { codeStampCount } from '../../services/reward-settings';
import { assertOwner } from '../../plugins/auth';
import { assertAccess } from '../../plugins/access';
import { textError } from '../../http-errors';
import { printableQrToken } from '../../services/printable-qr';
import { qrScanUrl } from '../../infra/qr-tokens-impl';
import { markFlyerPrinted } from '../../services/first-day';
import { issueDeviceCode } from '../../services/counter-devices';
import { named } from '../../plugins/plugin-name';

const codeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** What the QR image encodes: a plain phone camera opens the customer page (compact form: qr-tokens-impl.ts). */
  const scanUrl = (token: string) => qrScanUrl(app.deps.config.publicUrl, token);

  app.get('/generate/:vendorId', {
    config: { access: 'counter' },
    schema: {
      tags: ['qrcode'],
      summary: 'A fresh counter QR token, valid for 90 s (signed, nothing stored)',
      security: [{ bearer: [] }],
      params: VendorParams,
      querystring: QrTokenQuery,
      response: {
        200: QrTokenResponse,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
      },
    },
  }, async (request, reply) => {
    const count = await codeStampCount(app.deps, request.params.vendorId, request.query.count ?? 1);
    // A counter screen's codes are signed with its own key, so the stamps name the screen.
    const principal = request.principal;
    const { token, expiresAt } = principal?.kind === 'device' ? await issueDeviceCode(app.deps, principal.deviceId, count) : app.deps.qrTokens.issueDynamic(request.params.vendorId, count);
    // Every answer is a new token: no cache may hand an old one back.
    reply.header('Cache-Control', 'no-store');
    return { token, url: scanUrl(token), expiresAt };
  });

  app.post('/printable', {
    config: { access: 'staff' },
    schema: {
      tags: ['qrcode'],
      summary: 'The long-lived flyer QR token; renew: true replaces it so earlier flyers stop working',
      security: [{ bearer: [] }],
      body: PrintableQrRequest,
      response: { 200: PrintableQrResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request, reply) => {
    const { vendorId, renew } = request.body;
    assertOwner(request, vendorId);
    // Showing the flyer is the QR Code page (staff); replacing it voids every printed flyer (a manager's call).
    if (renew === true) assertAccess(request, 'manager');
    const token = await printableQrToken(app.deps, vendorId, renew === true);
    reply.header('Cache-Control', 'no-store');
    return { token, url: scanUrl(token) };
  });

  app.post('/flyer-printed', {
    config: { access: 'staff' },
    schema: {
      tags: ['qrcode'],
      summary: 'Records that the vendor exported or printed the flyer (the first-day checklist)',
      security: [{ bearer: [] }],
      body: FlyerPrintedRequest,
      response: { 200: FlyerPrintedResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
  }, async (request) => {
    const { vendorId } = request.body;
    assertOwner(request, vendorId);
    if (!(await markFlyerPrinted(app.deps, vendorId))) throw textError(404, 'commonRefusals.storeGone');
    return { flyerPrinted: true };
  });
};

export default named(codeRoutes);
