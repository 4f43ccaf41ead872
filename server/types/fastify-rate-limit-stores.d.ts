// @fastify/rate-limit ships its two stores as plain CommonJS files without types; these are the
// constructors as the plugin itself calls them (index.js), typed for the fallback store.
declare module '@fastify/rate-limit/store/LocalStore' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  interface LocalStoreCtor {
    new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number): FastifyRateLimitStore;
  }
  const LocalStore: LocalStoreCtor;
  export = LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  interface RedisStoreCtor {
    new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string): FastifyRateLimitStore;
  }
  const RedisStore: RedisStoreCtor;
  export = RedisStore;
}
