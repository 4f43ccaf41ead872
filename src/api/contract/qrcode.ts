// /api/qrcode: the rotating counter QR token and the long-lived flyer token.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { Id } from './common';
import { MAX_STAMPS_PER_SCAN } from './limits';

export const QrTokenResponse = Type.Object({
  token: Type.String(),
  /** PUBLIC_URL/s/<token>: what the QR image encodes, so a phone camera opens the customer page. */
  url: Type.String(),
  /** Epoch milliseconds after which the token no longer stamps. */
  expiresAt: Type.Integer({ description: 'Epoch milliseconds' }),
});
export type QrTokenResponse = Static<typeof QrTokenResponse>;

export const PrintableQrRequest = Type.Object({
  vendorId: Id,
  /** true: replace the printable token, so flyers printed before stop working. */
  renew: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type PrintableQrRequest = Static<typeof PrintableQrRequest>;

export const PrintableQrResponse = Type.Object({ token: Type.String(), url: Type.String() });
export type PrintableQrResponse = Static<typeof PrintableQrResponse>;

export const FlyerPrintedRequest = Type.Object({ vendorId: Id }, { additionalProperties: false });
export type FlyerPrintedRequest = Static<typeof FlyerPrintedRequest>;
export const FlyerPrintedResponse = Type.Object({ flyerPrinted: Type.Boolean() });
export type FlyerPrintedResponse = Static<typeof FlyerPrintedResponse>;

/** GET /api/qrcode/generate/{vendorId}?count=: per-item stamp mode, the stamps the next code gives (at most the store's max). */
export const QrTokenQuery = Type.Object({ count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_STAMPS_PER_SCAN })) });
