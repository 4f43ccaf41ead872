// Web push (RFC 8030) with VAPID (RFC 8292) and payload encryption (RFC 8291), through the web-push
// library. The VAPID key pair is configured, or generated once and kept in the database beside the
// session secret, so every server signs with the same key and browsers' subscriptions keep working.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import webpush from 'web-push';
import type { AppDeps } from '../deps';
import { findSetting, insertSettingIfAbsent } from '../repositories/app-settings';
import { createHostHolds, retryAfterAt, type HostHolds } from './retry-after';

const SETTING_KEY = 'vapid_keys';
/** A push service that has not answered within this long is given up on; the caller retries later. */
export const PUSH_TIMEOUT_MS = 10_000;
/** A message not delivered within a day (the phone stayed off) is of no use to a campaign. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * delivered: the push service took it; gone: the browser unsubscribed (404/410); failed: try again later,
 * and not before `retryAt` when the push service asked to slow down (or is held after asking).
 */
export type PushOutcome = { kind: 'delivered' } | { kind: 'gone' } | { kind: 'failed'; reason: string; retryAt?: number };

export interface WebPushClient {
  /** The VAPID public key (base64url), which browsers subscribe with. */
  readonly publicKey: string;
  send(target: PushTarget, payload: string, options?: PushSendOptions): Promise<PushOutcome>;
}

export interface PushSendOptions {
  /**
   * RFC 8030 Topic (≤ 32 URL-safe base64 characters): a push the service still holds for an offline
   * browser is replaced, not doubled, by a later push of the same topic.
   */
  topic?: string;
}

export interface WebPushClientOptions {
  keys: VapidKeys;
  subject: string;
  timeoutMs?: number;
  /** The TLS agent (a test trusts its local push service's certificate with one). */
  agent?: https.Agent;
  /**
   * Posts to endpoints on this machine or a private network (a local fake push service). Otherwise an
   * endpoint whose host is, or resolves to, such an address gets nothing: a subscription names any URL it
   * likes, and the server would post to its own network for whoever subscribed.
   */
  allowPrivateAddresses?: boolean;
  now?: () => number;
}

/** Addresses no push service has: this machine, private and shared networks, link-local (cloud metadata), multicast, reserved. */
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
}
// IPv4-mapped and NAT64 addresses carry an IPv4 address this list would otherwise not see.
for (const [address, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96], ['64:ff9b::', 96]] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');
}

/** True for an IP address a public push service may have. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** dns.lookup that leaves out every address that is not public, and fails when none is left. */
const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const usable = addresses.filter((entry) => isPublicAddress(entry.address));
    if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no public address`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return callback(null, usable);
    return callback(null, usable[0]!.address, usable[0]!.family);
  });
};

/** The endpoint's host when it is an IP literal that is not public (a lookup is never made for a literal). */
function privateLiteral(endpoint: string): string | undefined {
  let host: string;
  try {
    host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
  return net.isIP(host) !== 0 && !isPublicAddress(host) ? host : undefined;
}

export function createWebPushClient(options: WebPushClientOptions): WebPushClient {
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  // Checks the subject and keys now, so a bad configuration stops the start rather than the first campaign.
  webpush.getVapidHeaders('https://push.example', options.subject, options.keys.publicKey, options.keys.privateKey, 'aes128gcm');
  const allowPrivate = options.allowPrivateAddresses === true;
  const agent = options.agent ?? (allowPrivate ? undefined : new https.Agent({ lookup: publicOnlyLookup }));
  const now = options.now ?? Date.now;
  // A push service that answered 429/503 with Retry-After gets nothing more, for any browser it serves, until then.
  const holds: HostHolds = createHostHolds(now);
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload, sendOptions = {}) {
      const literal = allowPrivate ? undefined : privateLiteral(target.endpoint);
      if (literal !== undefined) return { kind: 'failed', reason: `${literal} is not a public address` };
      const host = hostOf(target.endpoint);
      const heldUntil = holds.heldUntil(host);
      if (heldUntil !== undefined) return { kind: 'failed', reason: `${host} asked to slow down until ${new Date(heldUntil).toISOString()}`, retryAt: heldUntil };
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails,
          TTL: TIME_TO_LIVE_SECONDS,
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? PUSH_TIMEOUT_MS,
          ...(sendOptions.topic ? { topic: sendOptions.topic } : {}),
          ...(agent ? { agent } : {}),
        });
        return { kind: 'delivered' };
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          if (error.statusCode === 404 || error.statusCode === 410) return { kind: 'gone' };
          const retryAt = error.statusCode === 429 || error.statusCode === 503 ? retryAfterAt(retryAfterHeader(error.headers), now()) : undefined;
          if (retryAt === undefined) return { kind: 'failed', reason: `push service answered ${error.statusCode}` };
          holds.hold(host, retryAt);
          return { kind: 'failed', reason: `push service answered ${error.statusCode}, retry after ${new Date(retryAt).toISOString()}`, retryAt };
        }
        return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/** web-push hands over the response's headers as Node gives them (lower-case names). */
function retryAfterHeader(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const value = (headers as Record<string, unknown>)['retry-after'];
  return typeof value === 'string' ? value : undefined;
}

function parseStoredKeys(stored: string): VapidKeys {
  const parsed = JSON.parse(stored) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') throw new Error('the stored VAPID keys are not a key pair');
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** Called at start-up: the configured pair, or the one kept in the database (generated by the first server). */
export async function resolveVapidKeys(deps: Pick<AppDeps, 'db' | 'config'>): Promise<VapidKeys> {
  const configured = deps.config.webPush.vapidKeys;
  if (configured) return configured;
  const db = deps.db.kysely;
  const existing = await findSetting(db, SETTING_KEY);
  if (existing !== undefined) return parseStoredKeys(existing);
  const generated = webpush.generateVAPIDKeys();
  // Two servers starting together may both generate a pair: the first insert wins, and both read it back.
  await insertSettingIfAbsent(db, SETTING_KEY, JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }));
  const stored = await findSetting(db, SETTING_KEY);
  if (stored === undefined) throw new Error('the generated VAPID keys were not stored');
  return parseStoredKeys(stored);
}
