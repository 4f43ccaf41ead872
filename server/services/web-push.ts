// Web push for campaigns: customers subscribe a browser on a card page for offers from that card's
// store, and a campaign's message is encrypted to each of their subscriptions at that store. A push
// service answering 404/410 means the browser dropped the subscription: the row goes too.
import crypto from 'node:crypto';
import { isIP } from 'node:net';
import type { WebPushSubscribeRequest, WebPushSubscriptionsResponse, WebPushUnsubscribeResponse } from '../../src/api/contract/web-push';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../http-errors';
import { inTransaction } from '../db/transactions';
import { findCard } from '../repositories/cards';
import type { CustomerIdRange } from '../repositories/campaign-audience-pages';
import {
  countStoresOfEndpoint,
  deleteSubscription,
  deleteSubscriptionById,
  findSubscriptionOwner,
  listSubscriptions,
  markSubscriptionDelivered,
  markSubscriptionFailed,
  subscribedCustomerIds,
  upsertSubscription,
} from '../repositories/web-push-subscriptions';
import type { PushOutcome } from '../infra/web-push';
import { ServiceBusyError } from '../infra/retry-after';
import { cardNotInWallet } from './claims';

export type WebPushDeps = Pick<AppDeps, 'db' | 'config' | 'webPush' | 'now'>;

/** Browsers per customer per store: a phone, a tablet and a laptop, with room to spare. */
export const MAX_SUBSCRIPTIONS_PER_STORE = 5;
export const NOT_SET_UP_MESSAGE = 'Notifications are not set up on this server.';
export const TOO_MANY_SUBSCRIPTIONS_MESSAGE = `Offers from this store already go to ${MAX_SUBSCRIPTIONS_PER_STORE} browsers of this wallet. Turn them off on one of them first.`;
export const BAD_ENDPOINT_MESSAGE = 'This browser gave a push address the server cannot use.';
export const BAD_KEY_MESSAGE = "This browser's push keys are not valid.";

const P256_POINT_BYTES = 65;
const AUTH_SECRET_BYTES = 16;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function webPushKey(deps: Pick<AppDeps, 'webPush'>): { publicKey: string } {
  if (!deps.webPush) throw notFound(NOT_SET_UP_MESSAGE);
  return { publicKey: deps.webPush.publicKey };
}

/**
 * The server posts to the endpoint, so it must be a public https host: an address on the server's own
 * network (an IP literal, localhost) would let anyone make it post wherever they like. A local fake
 * push service is allowed when the configuration says so. A host name that resolves to such an address
 * passes here and is refused when the push is sent (infra/web-push.ts looks the address up then).
 */
function checkEndpoint(deps: Pick<AppDeps, 'config'>, endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest(BAD_ENDPOINT_MESSAGE, [{ field: 'endpoint', message: 'not a URL' }]);
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw badRequest(BAD_ENDPOINT_MESSAGE, [{ field: 'endpoint', message: 'must be an https URL without credentials' }]);
  // 'localhost.' is localhost: the root's dot at the end names the same host.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (LOCAL_HOSTS.has(host) && deps.config.webPush.localEndpoints) return;
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !host.includes('.')) {
    throw badRequest(BAD_ENDPOINT_MESSAGE, [{ field: 'endpoint', message: 'must name a public push service' }]);
  }
  // Push services listen on https's own port; any other port would let a subscription probe a host's other services.
  if (url.port !== '') throw badRequest(BAD_ENDPOINT_MESSAGE, [{ field: 'endpoint', message: 'must use the https port' }]);
}

function checkKeys(keys: WebPushSubscribeRequest['keys']): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== P256_POINT_BYTES || point[0] !== 0x04) throw badRequest(BAD_KEY_MESSAGE, [{ field: 'keys.p256dh', message: 'must be an uncompressed P-256 point' }]);
  if (Buffer.from(keys.auth, 'base64url').length !== AUTH_SECRET_BYTES) throw badRequest(BAD_KEY_MESSAGE, [{ field: 'keys.auth', message: 'must be 16 bytes' }]);
}

async function storeOfCard(deps: Pick<AppDeps, 'db'>, customerId: string, cardId: string): Promise<string> {
  const card = await findCard(deps.db.kysely, customerId, cardId);
  if (!card) throw cardNotInWallet();
  return card.vendor_id;
}

/** The endpoints of this wallet that get offers from the card's store. */
export async function listCardSubscriptions(deps: Pick<AppDeps, 'db'>, customerId: string, cardId: string): Promise<WebPushSubscriptionsResponse> {
  const vendorId = await storeOfCard(deps, customerId, cardId);
  const rows = await listSubscriptions(deps.db.kysely, vendorId, customerId);
  return { endpoints: rows.map((row) => row.endpoint) };
}

export async function subscribeCard(deps: WebPushDeps, customerId: string, cardId: string, subscription: WebPushSubscribeRequest): Promise<void> {
  if (!deps.webPush) throw notFound(NOT_SET_UP_MESSAGE);
  checkEndpoint(deps, subscription.endpoint);
  checkKeys(subscription.keys);
  const vendorId = await storeOfCard(deps, customerId, cardId);
  const now = deps.now();
  await inTransaction(deps.db.kysely, async (trx) => {
    const owner = await findSubscriptionOwner(trx, vendorId, subscription.endpoint);
    if (owner !== customerId) {
      const held = await listSubscriptions(trx, vendorId, customerId);
      if (held.length >= MAX_SUBSCRIPTIONS_PER_STORE) throw conflict(TOO_MANY_SUBSCRIPTIONS_MESSAGE);
    }
    await upsertSubscription(trx, {
      id: crypto.randomUUID(),
      customerId,
      vendorId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    }, now);
  });
}

/** Stops the store's offers to this browser; answers whether the browser still gets other stores' offers. */
export async function unsubscribeCard(deps: Pick<AppDeps, 'db'>, customerId: string, cardId: string, endpoint: string): Promise<WebPushUnsubscribeResponse> {
  const vendorId = await storeOfCard(deps, customerId, cardId);
  await deleteSubscription(deps.db.kysely, vendorId, customerId, endpoint);
  return { endpointStillUsed: (await countStoresOfEndpoint(deps.db.kysely, customerId, endpoint)) > 0 };
}

export interface CampaignPush {
  vendorId: string;
  customerId: string;
  title: string;
  body: string;
  /** Where a tap on the notification leads: a path of this site, such as the card page `/wallet/<cardId>`. */
  url: string;
  /** The Topic header: a push service replaces a message still waiting for the browser with a newer one of the same topic. */
  topic?: string;
}

/**
 * Sends one campaign message to every browser the customer subscribed at the store.
 * 'sent': at least one push service took it. 'gone': no subscription is left (each answered 404/410,
 * or there were none): the customer is not reachable by push any more. 'failed': nothing was taken and
 * some push service failed or timed out: the caller tries again later (the deliveries that failed are
 * the only ones, so a retry sends nothing twice). When a push service that failed asked to slow down
 * (429/503 with Retry-After), a ServiceBusyError is thrown instead, naming the latest such moment: the job
 * queue runs the message again no sooner.
 */
export async function sendCampaignPush(deps: Pick<AppDeps, 'db' | 'webPush' | 'now'>, push: CampaignPush): Promise<'sent' | 'gone' | 'failed'> {
  const client = deps.webPush;
  if (!client) return 'failed';
  const subscriptions = await listSubscriptions(deps.db.kysely, push.vendorId, push.customerId);
  const payload = JSON.stringify({ title: push.title, body: push.body, url: push.url });
  const outcomes = await Promise.all(
    subscriptions.map(async (subscription): Promise<PushOutcome> => {
      const outcome = await client.send(subscription, payload, { topic: push.topic });
      const now = deps.now();
      if (outcome.kind === 'delivered') await markSubscriptionDelivered(deps.db.kysely, subscription.id, now);
      else if (outcome.kind === 'gone') await deleteSubscriptionById(deps.db.kysely, subscription.id);
      else await markSubscriptionFailed(deps.db.kysely, subscription.id, now);
      return outcome;
    }),
  );
  if (outcomes.some((outcome) => outcome.kind === 'delivered')) return 'sent';
  const failures = outcomes.filter((outcome) => outcome.kind === 'failed');
  if (failures.length === 0) return 'gone';
  const retryAt = Math.max(...failures.map((failure) => failure.retryAt ?? -Infinity));
  if (retryAt > -Infinity) throw new ServiceBusyError(failures.map((failure) => failure.reason).join('; '), retryAt);
  return 'failed';
}

/** The store's customers with at least one browser subscribed to its offers. */
export async function pushReachableCustomerIds(deps: Pick<AppDeps, 'db' | 'webPush'>, vendorId: string, range?: CustomerIdRange): Promise<Set<string>> {
  if (!deps.webPush) return new Set();
  return new Set(await subscribedCustomerIds(deps.db.reads, vendorId, range));
}
