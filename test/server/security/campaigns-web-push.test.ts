// Campaigns and web push under attack: control characters in a campaign's text (its title is a mail's
// subject), and push subscriptions that would make the server post into its own network.
import crypto from 'node:crypto';
import net from 'node:net';
import type { CampaignInput } from '../../../src/api/contract/campaigns';
import { createWebPushClient, resolveVapidKeys } from '../../../server/infra/web-push';
import { buildTestApp, type TestApp } from '../helpers';
import { asCustomer, createStore, customerWithCardAt, setReward, type TestStore } from '../factories';
import { CONTROL_CHARACTERS, codePoint, expectClientError } from './helpers';

const DAY = 86_400_000;
let t: TestApp;
let store: TestStore;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  store = await createStore(t, { company: 'Campaign Corner' });
});

describe('campaign text', () => {
  const campaign = (overrides: Partial<CampaignInput>): CampaignInput => ({
    campaignTitle: 'Winter Warmer Week',
    campaignDescription: 'A free pastry with every large coffee.',
    targetAudience: 'all',
    startDateTime: new Date(t.clock.now() + DAY).toISOString(),
    endDateTime: new Date(t.clock.now() + 8 * DAY).toISOString(),
    promotionType: 'discount',
    itemsToPromote: ['Coffee'],
    notificationFrequency: 'once',
    abTesting: false,
    budget: 50,
    ...overrides,
  });
  const launch = (body: CampaignInput) => t.app.inject({ method: 'POST', url: `/api/campaigns/${store.id}`, headers: store.auth, payload: body });
  const saved = async () => (await t.db.kysely.selectFrom('campaigns').select('id').where('vendor_id', '=', store.id).execute()).length;

  it.each(CONTROL_CHARACTERS.map((c) => [codePoint(c), c]))('refuses %s in the title, the description and an item, saving nothing', async (_name, c) => {
    const cases: [string, Partial<CampaignInput>][] = [
      ['campaignTitle', { campaignTitle: `Winter${c}Week` }],
      ['campaignDescription', { campaignDescription: `Free${c}pastry` }],
      ['itemsToPromote.0', { itemsToPromote: [`Cof${c}fee`] }],
    ];
    for (const [field, overrides] of cases) {
      const response = await launch(campaign(overrides));
      expectClientError(response);
      expect(response.json().details).toEqual([{ field, message: 'contains characters that are not allowed' }]);
    }
    expect(await saved()).toBe(0);
  });

  it('refuses a line break in the title, which becomes the subject of the campaign mail', async () => {
    const response = await launch(campaign({ campaignTitle: 'Sale\r\nBcc: everyone@elsewhere.example' }));
    expectClientError(response);
    expect(await saved()).toBe(0);
  });

  it('keeps line breaks in the description, where they belong', async () => {
    expect((await launch(campaign({ campaignDescription: 'Free pastry.\r\nAll week.' }))).statusCode).toBe(201);
  });
});

describe('web push endpoints that point into the server network', () => {
  const keys = () => {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
  };

  /** A TCP listener on this machine counting who connects: a Redis, a database, an admin page. */
  async function internalService(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return { port, connections: () => connections, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  /** A customer's subscription to `endpoint`, sent with web push configured as a real server has it. */
  async function subscribe(endpoint: string) {
    await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
    const original = t.deps.webPush;
    t.deps.webPush = createWebPushClient({ keys: await resolveVapidKeys(t.deps), subject: 'mailto:test@stampwise.test' });
    try {
      const { credential, cardId } = await customerWithCardAt(t, store.id);
      return await t.app.inject({
        method: 'POST',
        url: `/api/web-push/cards/${cardId}/subscriptions`,
        headers: asCustomer(credential),
        payload: { endpoint, keys: keys() },
      });
    } finally {
      t.deps.webPush = original;
    }
  }

  it.each(['localhost.', 'LocalHost.', 'counter.localhost.', '127.0.0.1.'])('refuses a subscription to %s (a host name ending in the root dot is the same host)', async (host) => {
    const response = await subscribe(`https://${host}/push/abc`);
    expectClientError(response);
    expect(response.json()).toMatchObject({ details: [{ field: 'endpoint', message: 'must name a public push service' }] });
  });

  it('refuses a subscription to a port other than https', async () => {
    const response = await subscribe('https://push.elsewhere.example:6379/push/abc');
    expectClientError(response);
    expect(response.json()).toMatchObject({ details: [{ field: 'endpoint', message: 'must use the https port' }] });
  });

  it.each([
    ['a host name that resolves to this machine', (port: number) => `https://localhost:${port}/push/abc`],
    ['an IP literal of this machine', (port: number) => `https://127.0.0.1:${port}/push/abc`],
    ['an IPv4-mapped IPv6 literal', (port: number) => `https://[::ffff:127.0.0.1]:${port}/push/abc`],
  ])('a push to %s is never sent: the server does not connect', async (_name, endpoint) => {
    const service = await internalService();
    try {
      const client = createWebPushClient({ keys: await resolveVapidKeys(t.deps), subject: 'mailto:test@stampwise.test', timeoutMs: 2000 });
      const outcome = await client.send({ endpoint: endpoint(service.port), ...keys() }, '{"title":"hello"}');
      expect(outcome).toMatchObject({ kind: 'failed' });
      expect(service.connections()).toBe(0);
    } finally {
      await service.close();
    }
  });
});
