// The rate limiter's counters live in Redis (shared by every server) while Redis is up, and in this
// process (the plugin's own in-memory store) while it is not: an outage makes limits per-server for a
// while, never makes requests wait or fail. The plugin builds the store with `new Store(options)`, so
// this module answers a class bound to the app's Redis handle.
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore';
import RedisStore from '@fastify/rate-limit/store/RedisStore';
import type { RedisHandle } from './redis';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The Redis side of a store pair: a handle's `commands` connection and whether it is up. */
export interface FallbackRedis {
  commands: RedisHandle['commands'];
  status(): 'up' | 'down';
}

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: FallbackRedis,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    if (this.redis.status() !== 'up') {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(key, (error, result) => {
      // A command that failed or timed out (Redis went away mid-request) is counted here instead.
      if (error) this.local.incr(key, callback, timeWindow, max);
      else callback(null, result);
    }, timeWindow, max);
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The `store` option of @fastify/rate-limit: Redis-backed, falling back to in-process counting. */
export function fallbackRateLimitStore(redis: FallbackRedis): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(pluginOptions: FastifyRateLimitOptions) {
      // The plugin passes its resolved global options; the ctor type names an empty interface.
      const options = pluginOptions as RateLimitPluginOptions;
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(redis, new RedisStore(continueExceeding, exponentialBackoff, redis.commands), new LocalStore(continueExceeding, exponentialBackoff, options.cache));
    }
  };
}
