// The app's Redis connections (Redis is an accelerator, never a single point of failure).
// Commands fail at once while Redis is away (no offline queue) and after REDIS_COMMAND_TIMEOUT_MS at
// most, so callers fall back to in-process work instead of waiting; ioredis keeps reconnecting with a
// capped backoff. The handle knows whether Redis is up and tells listeners once per change, so an
// outage is one warning in the log, not one line per failed command.
import type { Redis as RedisClient, RedisOptions } from 'ioredis';

export type RedisStatus = 'up' | 'down';
export type RedisStatusListener = (status: RedisStatus, error: Error | undefined) => void;

export interface RedisHandle {
  /** Rate-limit counters and publishing. */
  readonly commands: RedisClient;
  /** Subscriptions only: a subscribed connection can do nothing else. */
  readonly subscriber: RedisClient;
  /** `host:port`, for messages. */
  readonly where: string;
  status(): RedisStatus;
  /** Called on every change of status(), with the error that took Redis down. */
  onStatusChange(listener: RedisStatusListener): () => void;
  /** Resolves true once both connections are ready, false after `timeoutMs`. */
  waitUntilUp(timeoutMs: number): Promise<boolean>;
  /** PING within `timeoutMs`. */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Reconnect attempts back off up to this; a returning Redis is in use again within about this long. */
const MAX_RECONNECT_DELAY_MS = 2000;

export function redisTarget(redisUrl: string): string {
  try {
    const url = new URL(redisUrl);
    return `${url.hostname || 'localhost'}:${url.port || '6379'}`;
  } catch {
    return 'the configured address';
  }
}

export async function connectRedis(redisUrl: string, options: { commandTimeoutMs: number }): Promise<RedisHandle> {
  // Loaded only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  // No reply mapping is set, so the clients are `Redis<'legacy'>`, the very type the handle names. Typed as plain
  // RedisOptions, the constructor would infer `Redis<'legacy' | 'resp3'>`, and handing that to
  // createRedisHandle makes the type checker compare the two command interfaces member by member (seconds).
  const common: RedisOptions & { replyMapping?: 'legacy' } = {
    connectTimeout: 2000,
    commandTimeout: options.commandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(MAX_RECONNECT_DELAY_MS, 100 * 2 ** Math.min(attempt, 5)),
    // The bus subscribes again on every `ready` itself (a first SUBSCRIBE made while Redis was down
    // never reached it, so ioredis would not know to restore it).
    autoResubscribe: true,
  };
  const commands = new Redis(redisUrl, common);
  const subscriber = new Redis(redisUrl, common);
  return createRedisHandle(commands, subscriber, redisTarget(redisUrl));
}

/** Tracks both connections' state; exported for tests that hand in their own clients. */
export function createRedisHandle(commands: RedisClient, subscriber: RedisClient, where: string): RedisHandle {
  const listeners = new Set<RedisStatusListener>();
  let current: RedisStatus = commands.status === 'ready' && subscriber.status === 'ready' ? 'up' : 'down';
  let lastError: Error | undefined;
  let closing = false;

  const update = () => {
    if (closing) return;
    const next: RedisStatus = commands.status === 'ready' && subscriber.status === 'ready' ? 'up' : 'down';
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener(next, next === 'down' ? lastError : undefined);
  };
  for (const connection of [commands, subscriber]) {
    // Without an `error` listener ioredis prints every failed reconnect; the status change says it once.
    connection.on('error', (error: Error) => {
      lastError = error;
      update();
    });
    for (const event of ['ready', 'close', 'end', 'reconnecting']) connection.on(event, update);
  }

  return {
    commands,
    subscriber,
    where,
    status: () => current,
    onStatusChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitUntilUp(timeoutMs) {
      if (current === 'up') return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          off();
          resolve(false);
        }, timeoutMs);
        timer.unref();
        const off = this.onStatusChange((status) => {
          if (status !== 'up') return;
          clearTimeout(timer);
          off();
          resolve(true);
        });
      });
    },
    async ping(timeoutMs) {
      if (current !== 'up') return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([commands.ping().then(() => true, () => false), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closing = true;
      listeners.clear();
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}
