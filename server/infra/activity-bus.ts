// Tells every server process that a stamp was given or a reward claimed, so each one can push it to
// the live feeds it serves: in-process for SQLite (one process), PostgreSQL LISTEN/NOTIFY when the
// database is PostgreSQL, Redis pub/sub when REDIS_URL is set. A notice carries ids only; listeners
// read the rest from the database, so a notice stays far below NOTIFY's 8000-byte payload limit.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Db } from '../db';
import { notifyChannel } from '../repositories/notify';
import { connectRedis, type RedisHandle } from './redis';

export interface ActivityNotice {
  /**
   * 'relay-alert': a code's relay alert appeared or changed; `id` is the code. 'sessions-ended': some of the
   * store's sessions or counter screens were just revoked (`id` only tells one notice from the next): each
   * feed of the store checks its own at once.
   */
  type: 'stamp' | 'redemption' | 'relay-alert' | 'sessions-ended';
  vendorId: string;
  /** The stamp event's or the redemption's id (the code for a relay alert, a fresh id for sessions ended). */
  id: string;
}

export type ActivityListener = (notice: ActivityNotice) => void;

export interface ActivityBus {
  /** Which transport this is, for logs and tests. */
  readonly kind: 'in-process' | 'postgres' | 'redis';
  /**
   * Announces a committed stamp or claim. Never throws and never waits: a feed that misses a line must
   * not fail the customer's scan (failures are reported to `onError`).
   */
  publish(notice: ActivityNotice): void;
  /** Calls `listener` for every notice of this vendor, from any process; answers the unsubscribe function. */
  subscribe(vendorId: string, listener: ActivityListener): () => void;
  /** Resolves once the bus listens for other processes' notices (at once for the in-process bus). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface ActivityBusOptions {
  /** Where publish and connection failures go (default: console.error). */
  onError?: (error: unknown) => void;
}

const CHANNEL = 'stampwise_activity';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** The wire form of a notice between processes. */
export function encodeNotice(notice: ActivityNotice): string {
  return JSON.stringify({ t: notice.type, v: notice.vendorId, i: notice.id });
}

/** undefined for anything that is not a notice this version understands (a foreign or newer sender). */
export function decodeNotice(payload: string): ActivityNotice | undefined {
  try {
    const parsed = JSON.parse(payload) as { t?: unknown; v?: unknown; i?: unknown };
    if ((parsed.t !== 'stamp' && parsed.t !== 'redemption' && parsed.t !== 'relay-alert' && parsed.t !== 'sessions-ended') || typeof parsed.v !== 'string' || typeof parsed.i !== 'string') return undefined;
    return { type: parsed.t, vendorId: parsed.v, id: parsed.i };
  } catch {
    return undefined;
  }
}

const defaultOnError = (error: unknown) => console.error('activity bus:', error);

/** Local fan-out by vendor: what every transport delivers into. */
class VendorChannels {
  private readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open feed; many feeds of one busy store are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }
  deliver(notice: ActivityNotice): void {
    this.emitter.emit(notice.vendorId, notice);
  }
  subscribe(vendorId: string, listener: ActivityListener): () => void {
    this.emitter.on(vendorId, listener);
    return () => this.emitter.off(vendorId, listener);
  }
  get empty(): boolean {
    return this.emitter.eventNames().length === 0;
  }
  clear(): void {
    this.emitter.removeAllListeners();
  }
}

/** One process (SQLite): the notice goes straight to this process's feeds. */
export function createInProcessActivityBus(options: ActivityBusOptions = {}): ActivityBus {
  const channels = new VendorChannels();
  const onError = options.onError ?? defaultOnError;
  return {
    kind: 'in-process',
    publish(notice) {
      // A throwing listener must not reach the publisher (the scan that just succeeded).
      try {
        channels.deliver(notice);
      } catch (error) {
        onError(error);
      }
    },
    subscribe: (vendorId, listener) => channels.subscribe(vendorId, listener),
    ready: async () => undefined,
    close: async () => channels.clear(),
  };
}

export interface PostgresBusOptions extends ActivityBusOptions {
  databaseUrl: string;
  /** The PostgreSQL schema the app runs in (tests): processes of other schemas are not told. */
  pgSchema?: string;
}

/**
 * Several processes on one PostgreSQL database: NOTIFY through the app's pool, LISTEN on one dedicated
 * connection (a pooled one would be handed to other queries and lose the subscription). The listening
 * connection opens with the first subscriber and reconnects with backoff when it drops.
 */
export function createPostgresActivityBus(db: Db, options: PostgresBusOptions): ActivityBus {
  const channel = options.pgSchema ? `${CHANNEL}_${options.pgSchema}` : CHANNEL;
  const channels = new VendorChannels();
  const onError = options.onError ?? defaultOnError;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectDelay = RECONNECT_MIN_MS;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed || reconnectTimer || channels.empty) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen().catch(() => undefined);
    }, reconnectDelay);
    reconnectDelay = Math.min(RECONNECT_MAX_MS, reconnectDelay * 2);
  };

  const listen = (): Promise<void> => {
    if (client) return Promise.resolve();
    if (connecting) return connecting;
    connecting = (async () => {
      // Time-limited like the pool (server/db), so a database that never answers cannot stall the feed.
      const candidate = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5000, keepAlive: true, application_name: 'stampwise-listen' });
      candidate.on('notification', (message) => {
        if (message.channel !== channel || message.payload === undefined) return;
        const notice = decodeNotice(message.payload);
        if (notice) channels.deliver(notice);
      });
      const dropped = (error?: Error) => {
        if (client !== candidate) return;
        client = undefined;
        if (error) onError(error);
        candidate.end().catch(() => undefined);
        scheduleReconnect();
      };
      candidate.on('error', dropped);
      candidate.on('end', () => dropped());
      try {
        await candidate.connect();
        await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        candidate.end().catch(() => undefined);
        onError(error);
        scheduleReconnect();
        throw error;
      }
      if (closed) {
        await candidate.end().catch(() => undefined);
        return;
      }
      client = candidate;
      reconnectDelay = RECONNECT_MIN_MS;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    kind: 'postgres',
    publish(notice) {
      const payload = encodeNotice(notice);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_PAYLOAD_BYTES) {
        onError(new Error(`activity notice of ${Buffer.byteLength(payload)} bytes is too large for NOTIFY`));
        return;
      }
      notifyChannel(db.kysely, channel, payload).catch(onError);
    },
    subscribe(vendorId, listener) {
      const unsubscribe = channels.subscribe(vendorId, listener);
      listen().catch(() => undefined);
      return unsubscribe;
    },
    async ready() {
      await listen();
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      channels.clear();
      await connecting?.catch(() => undefined);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The slice of an ioredis connection the bus uses (so tests can hand in a fake). */
export interface RedisLike {
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready' | 'close', listener: () => void): unknown;
  quit(): Promise<unknown>;
}

export interface RedisBusOptions extends ActivityBusOptions {
  channel?: string;
  /**
   * Where notices go while Redis is down: PostgreSQL NOTIFY, or this process's own feeds.
   * Subscribers hear both; a notice arriving both ways is delivered once.
   */
  fallback?: ActivityBus;
  /** Whether Redis is up right now (the app's RedisHandle); without it, Redis is tried every time. */
  isUp?: () => boolean;
  /** Closes the connections with the bus; the default quits both. An app's shared handle closes them itself. */
  closeConnections?: () => Promise<unknown>;
}

/** The last notices delivered, so one that came through Redis and the fallback is shown once. */
class RecentNotices {
  private readonly seen = new Set<string>();
  constructor(private readonly capacity = 2048) {}
  /** True the first time a notice is offered. */
  firstTime(notice: ActivityNotice): boolean {
    const key = `${notice.type}:${notice.id}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.values().next().value as string);
    return true;
  }
}

/**
 * Several processes sharing a Redis: PUBLISH on one connection, SUBSCRIBE on another (a subscribed
 * connection can do nothing else). The subscription is made again whenever the connection becomes
 * ready, so a server that started while Redis was down gets its feed once Redis is back. While Redis is
 * down, notices go through `fallback`.
 */
export function createRedisActivityBus(connections: { publisher: RedisLike; subscriber: RedisLike }, options: RedisBusOptions = {}): ActivityBus {
  const { publisher, subscriber } = connections;
  const { fallback, isUp } = options;
  const channel = options.channel ?? CHANNEL;
  const channels = new VendorChannels();
  const recent = new RecentNotices();
  const onError = options.onError ?? defaultOnError;
  const deliverOnce = (notice: ActivityNotice) => {
    if (recent.firstTime(notice)) channels.deliver(notice);
  };
  subscriber.on('message', (from, message) => {
    if (from !== channel) return;
    const notice = decodeNotice(message);
    if (notice) deliverOnce(notice);
  });
  // With a fallback, a Redis outage is expected and reported once by the app (RedisHandle), not per error.
  const reportRedisError = (error: Error) => {
    if (!fallback) onError(error);
  };
  subscriber.on('error', reportRedisError);
  publisher.on('error', reportRedisError);

  let subscribed = false;
  const subscribe = () =>
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
      },
      (error: unknown) => {
        subscribed = false;
        if (!fallback) throw error;
      },
    );
  const firstSubscription = subscribe();
  firstSubscription.catch(onError);
  subscriber.on('ready', () => void subscribe().catch(onError));
  subscriber.on('close', () => {
    subscribed = false;
  });

  return {
    kind: 'redis',
    publish(notice) {
      if (fallback && isUp && !isUp()) {
        fallback.publish(notice);
        return;
      }
      publisher.publish(channel, encodeNotice(notice)).catch((error: unknown) => {
        if (fallback) fallback.publish(notice);
        else onError(error);
      });
    },
    subscribe(vendorId, listener) {
      const unsubscribe = channels.subscribe(vendorId, listener);
      const unsubscribeFallback = fallback?.subscribe(vendorId, deliverOnce);
      return () => {
        unsubscribe();
        unsubscribeFallback?.();
      };
    },
    async ready() {
      if (!fallback) return firstSubscription;
      await firstSubscription;
      // Subscribed to Redis, or the fallback hears the other servers (it carries their notices meanwhile).
      if (!subscribed) await fallback.ready();
    },
    async close() {
      channels.clear();
      await fallback?.close();
      await (options.closeConnections ? options.closeConnections() : Promise.allSettled([publisher.quit(), subscriber.quit()]));
    },
  };
}

export interface ActivityBusConfig {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
}

export interface CreateActivityBusOptions extends ActivityBusOptions {
  /** The app's shared Redis connections; when absent and `redisUrl` is set, the bus opens its own. */
  redis?: RedisHandle;
}

/**
 * Redis when configured (falling back to the database's notifications or this process while Redis is
 * down), else LISTEN/NOTIFY on PostgreSQL, else in-process (SQLite).
 */
export async function createActivityBus(config: ActivityBusConfig, db: Db, options: CreateActivityBusOptions = {}): Promise<ActivityBus> {
  const { redis: shared, ...busOptions } = options;
  const local = () =>
    config.databaseUrl && db.dialect === 'postgres'
      ? createPostgresActivityBus(db, { ...busOptions, databaseUrl: config.databaseUrl, pgSchema: db.pgSchema })
      : createInProcessActivityBus(busOptions);
  let redis = shared;
  if (!redis && config.redisUrl) {
    redis = await connectRedis(config.redisUrl, { commandTimeoutMs: 500 });
    await redis.waitUntilUp(2000);
  }
  if (redis) {
    const handle = redis;
    return createRedisActivityBus(
      { publisher: handle.commands, subscriber: handle.subscriber },
      { ...busOptions, fallback: local(), isUp: () => handle.status() === 'up', closeConnections: shared ? async () => undefined : () => handle.close() },
    );
  }
  return local();
}
