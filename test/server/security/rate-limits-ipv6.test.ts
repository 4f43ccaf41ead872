// Attack checks on the per-address limits from IPv6: a home line or a phone gets a whole /64 and may use any
// address of it, so every limit counts an IPv6 client by its /64 (an IPv4 client by its address, an
// IPv4-mapped address as the IPv4 one), directly, behind TRUST_PROXY, and in the Redis store several
// servers share. Each check rotates the address within one /64 on every request.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { connectRedis, type RedisHandle } from '../../../server/infra/redis';
import { LINK_ATTEMPTS_PER_ADDRESS } from '../../../server/routes/auth';
import { NEW_CUSTOMERS_PER_ADDRESS } from '../../../server/routes/customer';
import { buildCustomerTestApp, createStore, dynamicToken, scan, setReward } from '../factories';
import { buildTestApp, type TestApp } from '../helpers';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../redis-server';

let t: TestApp;
afterEach(async () => t?.close());

let line = 0;
/** A fresh /64 of the documentation prefix; `address(n)` is its n-th address, spread over the interface id. */
function freshLine(): { address: (n: number) => string; neighbour: string } {
  line += 1;
  const prefix = `2001:db8:${line.toString(16)}:1`;
  const hex = (n: number) => (n % 65536).toString(16);
  return { address: (n) => `${prefix}:${hex(n * 4099)}:${hex(n * 97)}:${hex(n)}:${hex(n * 13 + 1)}`, neighbour: `2001:db8:${line.toString(16)}:2::1` };
}

/** A verification link guess: 404 while under the limit, 429 past it. */
const guess = (app: FastifyInstance, i: number, options: { remoteAddress?: string; headers?: Record<string, string> }) =>
  app.inject({ method: 'GET', url: `/api/auth/verify/${'g'.repeat(42)}${i % 10}`, ...options });

describe('a limit that keys by the client address (the sign-in links)', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it(`answers 429 after ${LINK_ATTEMPTS_PER_ADDRESS} guesses from one /64, each from a new address; the next /64 keeps its own budget`, async () => {
    const { address, neighbour } = freshLine();
    const statuses: number[] = [];
    for (let i = 0; i <= LINK_ATTEMPTS_PER_ADDRESS; i += 1) statuses.push((await guess(t.app, i, { remoteAddress: address(i) })).statusCode);
    expect(statuses.slice(0, LINK_ATTEMPTS_PER_ADDRESS)).not.toContain(429);
    expect(statuses[LINK_ATTEMPTS_PER_ADDRESS]).toBe(429);
    expect((await guess(t.app, 0, { remoteAddress: neighbour })).statusCode).toBe(404);
  });

  it('counts an IPv4 client and its IPv4-mapped IPv6 form as one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LINK_ATTEMPTS_PER_ADDRESS; i += 1) {
      statuses.push((await guess(t.app, i, { remoteAddress: i % 2 === 0 ? '192.0.2.77' : '::ffff:192.0.2.77' })).statusCode);
    }
    expect(statuses[LINK_ATTEMPTS_PER_ADDRESS]).toBe(429);
    expect((await guess(t.app, 0, { remoteAddress: '192.0.2.78' })).statusCode).toBe(404);
  });

  it.each(['1', '10.9.9.9'])('behind a proxy (TRUST_PROXY=%s), counts the /64 the proxy saw, whatever the client wrote before it', async (setting) => {
    const behindProxy = await buildTestApp({ config: { trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy } });
    try {
      const { address, neighbour } = freshLine();
      const statuses: number[] = [];
      for (let i = 0; i <= LINK_ATTEMPTS_PER_ADDRESS; i += 1) {
        const headers = { 'x-forwarded-for': `2001:db8:ffff:${i}::1, ${address(i)}` };
        statuses.push((await guess(behindProxy.app, i, { remoteAddress: '10.9.9.9', headers })).statusCode);
      }
      expect(statuses.slice(0, LINK_ATTEMPTS_PER_ADDRESS)).not.toContain(429);
      expect(statuses[LINK_ATTEMPTS_PER_ADDRESS]).toBe(429);
      expect((await guess(behindProxy.app, 0, { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': neighbour } })).statusCode).toBe(404);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('a limit of our own key (new customers per address)', () => {
  it(`creates at most ${NEW_CUSTOMERS_PER_ADDRESS} customers from one /64, each scan from a new address`, async () => {
    t = await buildCustomerTestApp({ stampCooldownMinutes: 0 });
    const store = await createStore(t, { company: 'Café Luna' });
    await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
    const { address, neighbour } = freshLine();
    const statuses: number[] = [];
    for (let i = 0; i <= NEW_CUSTOMERS_PER_ADDRESS; i += 1) statuses.push((await scan(t, dynamicToken(t, store.id), { remoteAddress: address(i) })).statusCode);
    expect(statuses.slice(0, NEW_CUSTOMERS_PER_ADDRESS)).toEqual(Array(NEW_CUSTOMERS_PER_ADDRESS).fill(200));
    expect(statuses[NEW_CUSTOMERS_PER_ADDRESS]).toBe(429);
    expect((await scan(t, dynamicToken(t, store.id), { remoteAddress: neighbour })).statusCode).toBe(200);
  });
});

(hasRedisServer() ? describe : describe.skip)('the Redis store two servers share', () => {
  let redis: PrivateRedis;
  const handles: RedisHandle[] = [];
  const apps: FastifyInstance[] = [];

  beforeEach(async () => {
    t = await buildTestApp();
    redis = await startPrivateRedis();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const handle of handles.splice(0)) await handle.close();
    await redis.stop();
  });

  it('counts one /64 once across both servers, its addresses rotating and its requests alternating between them', async () => {
    const servers: FastifyInstance[] = [];
    for (let i = 0; i < 2; i += 1) {
      const handle = await connectRedis(redis.url, { commandTimeoutMs: 500 });
      handles.push(handle);
      await handle.waitUntilUp(3000);
      const app = await buildApp({ ...t.deps, redis: handle });
      apps.push(app);
      servers.push(app);
    }
    const { address, neighbour } = freshLine();
    const statuses: number[] = [];
    for (let i = 0; i <= LINK_ATTEMPTS_PER_ADDRESS; i += 1) statuses.push((await guess(servers[i % 2], i, { remoteAddress: address(i) })).statusCode);
    expect(statuses.slice(0, LINK_ATTEMPTS_PER_ADDRESS)).not.toContain(429);
    expect(statuses[LINK_ATTEMPTS_PER_ADDRESS]).toBe(429);
    // The count is in Redis, under the /64's key.
    expect((await handles[0].commands.keys('*')).join(' ')).toContain('2001:db8:');
    expect((await guess(servers[1], 0, { remoteAddress: neighbour })).statusCode).toBe(404);
  });
});
