// The browser's side of web push for one card's store: the service worker that shows the offers
// (public/sw.js, limited to the wallet pages), the browser's push subscription made with the server's
// VAPID key, and the server's record of which stores send offers to it.
import type { WebPushKeyResponse, WebPushSubscriptionsResponse, WebPushUnsubscribeResponse } from '../../api/contract/web-push';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../api/contract/protocol';
import { readCustomerCredential } from './customerCredential';

const SERVICE_WORKER_URL = '/sw.js';
const SERVICE_WORKER_SCOPE = '/wallet/';

/** Why turning notifications on did not happen. */
export class PushBlockedError extends Error {
  constructor() {
    super('notifications blocked');
    this.name = 'PushBlockedError';
  }
}

async function call<T>(path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const credential = readCustomerCredential();
  if (credential) headers[CUSTOMER_CREDENTIAL_HEADER] = credential;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(new Request(`/api/web-push${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return (text ? JSON.parse(text) : null) as T;
}

const cardPath = (cardId: string) => `/cards/${encodeURIComponent(cardId)}/subscriptions`;

/** The key as `applicationServerKey` takes it: the raw bytes of base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Whether this browser gets offers from the card's store now. */
export async function isSubscribed(cardId: string): Promise<boolean> {
  const subscription = await currentSubscription();
  if (!subscription) return false;
  const { endpoints } = await call<WebPushSubscriptionsResponse>(cardPath(cardId));
  return endpoints.includes(subscription.endpoint);
}

/** Asks for permission, subscribes the browser (or reuses its subscription) and tells the server. */
export async function subscribe(cardId: string): Promise<void> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError();
  const { publicKey } = await call<WebPushKeyResponse>('/key');
  const applicationServerKey = keyBytes(publicKey);
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were replaced) cannot receive its pushes.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await call<null>(cardPath(cardId), 'POST', subscription.toJSON());
}

/** Stops the store's offers; the browser drops its subscription when no other store uses it. */
export async function unsubscribe(cardId: string): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpointStillUsed } = await call<WebPushUnsubscribeResponse>(cardPath(cardId), 'DELETE', { endpoint: subscription.endpoint });
  if (!endpointStillUsed) await subscription.unsubscribe();
}
