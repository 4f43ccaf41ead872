// Attack checks on the short-lived tickets a URL carries: the live feed's ticket and the Apple pass download
// link. Each is spent by its use, on every server sharing the database (with or without a shared Redis): a
// copied URL opens nothing once its owner has used it. The pass link answers the phone's own repeated
// request (browsers on an iPhone fetch a .pkpass twice), from the phone's network only.
import type { FastifyInstance } from 'fastify';
import type { StreamTicketResponse } from '../../../src/api/contract/activity';
import { buildApp } from '../../../server/app';
import { loadConfig, type ApplePassConfig } from '../../../server/config';
import { connectRedis, type RedisHandle } from '../../../server/infra/redis';
import { TICKET_USED_MESSAGE } from '../../../server/routes/activity';
import { APPLE_PASS_LINK_USES } from '../../../server/services/apple-pass';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../apple-certificates';
import { applePassJsonOf, asCustomer, buildCustomerTestApp, createStore, newCustomer, onlyCardOf, setReward, type TestStore } from '../factories';
import { buildTestApp, type TestApp } from '../helpers';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../redis-server';
import { openSse, type SseConnection } from '../sse-client';

let t: TestApp;
const connections: SseConnection[] = [];
const apps: FastifyInstance[] = [];
const handles: RedisHandle[] = [];

afterEach(async () => {
  for (const connection of connections.splice(0)) connection.close();
  for (const app of apps.splice(0)) await app.close();
  for (const handle of handles.splice(0)) await handle.close();
  await t?.close();
});

describe("the live feed's ticket opens one feed", () => {
  let store: TestStore;
  let baseUrl: string;

  beforeEach(async () => {
    t = await buildTestApp();
    store = await createStore(t, { company: 'Bean There Café' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const ticket = async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stream-ticket`, headers: store.auth });
    expect(response.statusCode).toBe(200);
    return response.json<StreamTicketResponse>().url;
  };
  const open = async (server: string, url: string) => {
    const connection = await openSse(`${server}${url}`);
    connections.push(connection);
    return connection;
  };
  const secondServer = async (deps = t.deps) => {
    const app = await buildApp(deps);
    apps.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  };

  it('refuses the same ticket again, while its feed is open and after it closed; a fresh ticket opens the next connection', async () => {
    const url = await ticket();
    const first = await open(baseUrl, url);
    expect(first.status).toBe(200);
    const copied = await t.app.inject({ method: 'GET', url });
    expect(copied.statusCode).toBe(401);
    expect(copied.json()).toMatchObject({ error: TICKET_USED_MESSAGE });
    first.close();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // What the page does after a drop (Wi-Fi lost, the server restarted): a new ticket, a new feed.
    expect((await open(baseUrl, await ticket())).status).toBe(200);
  });

  it('gives each tab its own ticket: two tabs of one session hold two feeds', async () => {
    const [a, b] = await Promise.all([ticket(), ticket()]);
    expect(a).not.toBe(b);
    expect((await open(baseUrl, a)).status).toBe(200);
    expect((await open(baseUrl, b)).status).toBe(200);
  });

  it('opens one feed when the same ticket reaches two servers sharing the database at once', async () => {
    const other = await secondServer();
    for (let round = 0; round < 5; round += 1) {
      const url = await ticket();
      const statuses = (await Promise.all([open(baseUrl, url), open(other, url)])).map((c) => c.status);
      expect(statuses.sort()).toEqual([200, 401]);
      for (const connection of connections.splice(0)) connection.close();
    }
  });

  (hasRedisServer() ? describe : describe.skip)('servers sharing a Redis', () => {
    let redis: PrivateRedis;
    beforeEach(async () => {
      redis = await startPrivateRedis();
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
      for (const handle of handles.splice(0)) await handle.close();
      await redis.stop();
    });

    it('opens one feed for a ticket raced at two servers, each with its own Redis connection', async () => {
      const servers: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const handle = await connectRedis(redis.url, { commandTimeoutMs: 500 });
        handles.push(handle);
        await handle.waitUntilUp(3000);
        servers.push(await secondServer({ ...t.deps, redis: handle }));
      }
      const url = await ticket();
      const statuses = (await Promise.all(servers.map((server) => open(server, url)))).map((c) => c.status);
      expect(statuses.sort()).toEqual([200, 401]);
    });
  });
});

describe('the Apple pass download link', () => {
  let certs: TestAppleCertificates;
  let applePass: ApplePassConfig;
  beforeAll(() => {
    certs = makeTestAppleCertificates();
    applePass = loadConfig(certs.env).applePass!;
  });
  afterAll(() => certs.remove());

  const PHONE = '203.0.113.10';
  const STRANGER = '198.51.100.20';

  async function passLink(config: Parameters<typeof buildCustomerTestApp>[0] = {}): Promise<string> {
    t = await buildCustomerTestApp({ applePass, stampCooldownMinutes: 0, ...config });
    const store = await createStore(t, { company: 'Café Luna' });
    await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
    const credential = await newCustomer(t, store.id, '10.1.1.1');
    const cardId = await onlyCardOf(t, credential);
    const response = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${cardId}/apple-pass-link`, headers: asCustomer(credential) });
    expect(response.statusCode).toBe(200);
    return response.json<{ url: string }>().url;
  }
  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, remoteAddress, headers });

  it("answers the phone's HEAD, GET and retry; a stranger who copied the used link gets 410, as a page in a browser", async () => {
    const url = await passLink();
    const head = await t.app.inject({ method: 'HEAD', url, remoteAddress: PHONE });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(head.rawPayload.length).toBe(0);
    for (let use = 1; use <= APPLE_PASS_LINK_USES; use += 1) {
      const download = await get(url, PHONE);
      expect(download.statusCode).toBe(200);
      expect(applePassJsonOf(download.rawPayload).description).toBeDefined();
    }
    // The phone's own uses run out too.
    expect((await get(url, PHONE)).statusCode).toBe(410);

    const stranger = await get(url, STRANGER);
    expect(stranger.statusCode).toBe(410);
    expect(stranger.headers['content-type']).toMatch(/^application\/json/);
    expect(stranger.json()).toEqual({ error: 'This pass link has been used already. Open your card on your phone and tap "Add to Apple Wallet" there.' });
    const inBrowser = await get(url, STRANGER, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'de' });
    expect(inBrowser.statusCode).toBe(410);
    expect(inBrowser.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(inBrowser.body).toContain('Dieser Pass-Link wurde schon benutzt.');
    expect(inBrowser.body).not.toContain('PK');
    // A stranger's HEAD learns the same.
    expect((await t.app.inject({ method: 'HEAD', url, remoteAddress: STRANGER })).statusCode).toBe(410);
  });

  it('gives the pass to one network of four asking with one link at once; the others get 410', async () => {
    const url = await passLink();
    const answers = await Promise.all([PHONE, STRANGER, '192.0.2.30', '2001:db8:5::1'].map((address) => get(url, address)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(3);
  });

  it('answers a forged or expired link 404 (a page in a browser)', async () => {
    const url = await passLink();
    const forged = await get(`${url.slice(0, -2)}xx`, STRANGER, { accept: 'text/html' });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('This pass link has expired.');
    t.clock.advance(61_000);
    expect((await get(url, PHONE)).statusCode).toBe(404);
  });

  it('counts a phone on IPv6 by its /64: a new privacy address of the same line gets the repeat, another line does not', async () => {
    const url = await passLink();
    expect((await get(url, '2001:db8:aa:bb:1111:2222:3333:4444')).statusCode).toBe(200);
    expect((await get(url, '2001:db8:aa:bb:9999::1')).statusCode).toBe(200);
    expect((await get(url, '2001:db8:aa:bc::1')).statusCode).toBe(410);
  });

  it('behind TRUST_PROXY, counts the address the proxy saw, not one the client wrote', async () => {
    const url = await passLink({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    const via = (client: string, written = '') => get(url, '10.9.9.9', { 'x-forwarded-for': `${written}${client}` });
    expect((await via('2001:db8:77:1::a')).statusCode).toBe(200);
    expect((await via('2001:db8:77:1::b')).statusCode).toBe(200);
    // A stranger who names the phone's address in the header gets nothing from it.
    expect((await via('2001:db8:99:1::1', '2001:db8:77:1::a, ')).statusCode).toBe(410);
  });
});
