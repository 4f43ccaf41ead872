// Web push for campaigns (/api/web-push/…): the server's VAPID public key, and a customer's push
// subscriptions for the store of one of their cards (the browser's PushSubscription, as JSON).
import { Type, type Static } from '@fastify/type-provider-typebox';

/** GET /api/web-push/key: what `pushManager.subscribe` takes as `applicationServerKey`. */
export const WebPushKeyResponse = Type.Object({ publicKey: Type.String() });
export type WebPushKeyResponse = Static<typeof WebPushKeyResponse>;

/** The push service's URL for this browser: https only (the server posts to it). */
const Endpoint = Type.String({ minLength: 12, maxLength: 1024, pattern: '^https://[^\\s]+$', description: 'The push endpoint (https)' });

/** POST /api/web-push/cards/{cardId}/subscriptions: `subscription.toJSON()` of the browser. */
export const WebPushSubscribeRequest = Type.Object({
  endpoint: Endpoint,
  keys: Type.Object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url as browsers give them.
    p256dh: Type.String({ pattern: '^[A-Za-z0-9_-]{87}=?$', description: "The browser's P-256 public key (base64url, 65 bytes)" }),
    auth: Type.String({ pattern: '^[A-Za-z0-9_-]{22}(==)?$', description: 'The authentication secret (base64url, 16 bytes)' }),
  }),
  expirationTime: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
});
export type WebPushSubscribeRequest = Static<typeof WebPushSubscribeRequest>;

/** DELETE /api/web-push/cards/{cardId}/subscriptions */
export const WebPushUnsubscribeRequest = Type.Object({ endpoint: Endpoint });
export type WebPushUnsubscribeRequest = Static<typeof WebPushUnsubscribeRequest>;

/** Whether other stores still send offers to this browser: it keeps its subscription while any does. */
export const WebPushUnsubscribeResponse = Type.Object({ endpointStillUsed: Type.Boolean() });
export type WebPushUnsubscribeResponse = Static<typeof WebPushUnsubscribeResponse>;

/** GET /api/web-push/cards/{cardId}/subscriptions: the endpoints of this wallet that get the store's offers. */
export const WebPushSubscriptionsResponse = Type.Object({ endpoints: Type.Array(Type.String()) });
export type WebPushSubscriptionsResponse = Static<typeof WebPushSubscriptionsResponse>;
