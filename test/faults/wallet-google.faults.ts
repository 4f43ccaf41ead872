// Google Wallet updates under faults: two built servers on one PostgreSQL database share the job queue,
// four customers hold saved Google Wallet passes, and a local fake Google answers 500/429/503, hangs,
// cannot be reached (its API behind a frozen TCP proxy), or its token endpoint fails after Google revoked
// the servers' tokens. Scans go on meanwhile. After each fault: every scan was answered 200 and quickly,
// once Google is back every pass shows its card's current count (nothing lost), no pass got more
// successful PATCHes than update jobs ran for its card (nothing doubled), and nothing is in the dead letter.
import pg from 'pg';
import { jwtVerify } from 'jose';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../support/fake-google-wallet';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const CUSTOMERS = 4;
const GOAL = 50;
/** A scan slower than this would mean a call to Google held it up (Google's timeout is 10 s). */
const SCAN_SLOW_MS = 2000;
/** Updates wait out the 2 s fold window, backoff (1 s, 2 s, 4 s…) and Google's 10 s timeout: all settle well within this. */
const SETTLE_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Customer {
  ip: string;
  credential: string;
  cardId: string;
  objectId: string;
  stamps: number;
}

interface JobRow {
  state: string;
  payload: string;
}

describe('Google Wallet updates from two servers while Google fails, hangs, is unreachable or refuses tokens', () => {
  const adminUrl = process.env.PG_TEST_URL;
  const databaseName = `stampwise_wallet_google_faults_${process.pid}`;
  let admin: pg.Client;
  let check: pg.Pool;
  let fake: FakeGoogleWallet;
  let proxy: TcpProxy;
  const servers: E2eServer[] = [];
  let vendor: SignedUpVendor;
  const customers: Customer[] = [];
  let turn = 0;

  async function scan(ip: string, credential?: string): Promise<{ status: number; ms: number; body: { credential?: string; card?: { id: string; stamps: number } } }> {
    const server = servers[turn++ % servers.length]!;
    const token = (await vendorApi<{ token: string }>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`)).token;
    const started = Date.now();
    const response = await fetch(`${server.baseUrl}/api/customer/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(credential ? { [CUSTOMER_CREDENTIAL_HEADER]: credential } : {}) },
      body: JSON.stringify({ token }),
    });
    return { status: response.status, ms: Date.now() - started, body: (await response.json()) as { credential?: string; card?: { id: string; stamps: number } } };
  }

  async function syncJobs(): Promise<JobRow[]> {
    return (await check.query<JobRow>("select state, payload from jobs where kind = 'google-wallet.sync-object'")).rows;
  }

  /** Waits until no update is waiting or running (or fails after SETTLE_MS). */
  async function settled(): Promise<void> {
    const deadline = Date.now() + SETTLE_MS;
    for (;;) {
      const open = (await syncJobs()).filter((job) => job.state === 'queued' || job.state === 'running');
      if (open.length === 0) return;
      if (Date.now() > deadline) throw new Error(`${open.length} Google Wallet updates still open after ${SETTLE_MS} ms`);
      await sleep(250);
    }
  }

  /** Every pass shows its card's count; no pass got more successful PATCHes than jobs ran for its card; nothing dead. */
  async function expectCurrentAndNotDoubled(): Promise<void> {
    const jobs = await syncJobs();
    expect(jobs.filter((job) => job.state === 'dead')).toEqual([]);
    for (const customer of customers) {
      const object = fake.objects.get(customer.objectId) as { loyaltyPoints: { balance: { string: string } } } | undefined;
      expect(object?.loyaltyPoints.balance.string).toBe(`${customer.stamps} of ${GOAL}`);
      const ran = jobs.filter((job) => job.state === 'done' && (JSON.parse(job.payload) as { cardId: string }).cardId === customer.cardId).length;
      const patched = fake.calls.filter((call) => call.method === 'PATCH' && call.path === `/loyaltyObject/${customer.objectId}` && call.status === 200).length;
      expect(patched).toBeGreaterThan(0);
      expect(patched).toBeLessThanOrEqual(ran);
    }
  }

  async function scanEveryone(): Promise<void> {
    for (const customer of customers) {
      const result = await scan(customer.ip, customer.credential);
      expect(result.status).toBe(200);
      expect(result.ms).toBeLessThan(SCAN_SLOW_MS);
      customer.stamps = result.body.card!.stamps;
    }
  }

  beforeAll(async () => {
    if (!adminUrl) throw new Error('PG_TEST_URL is not set: the fault suite needs PostgreSQL (a role that may CREATE DATABASE)');
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const direct = new URL(adminUrl);
    direct.pathname = `/${databaseName}`;
    check = new pg.Pool({ connectionString: direct.toString(), max: 2 });
    check.on('error', () => undefined);
    fake = await startFakeGoogleWallet();
    // The API through a proxy that can cut Google off; the token endpoint straight to the fake.
    const api = new URL(fake.apiUrl);
    proxy = await startTcpProxy({ host: api.hostname, port: Number(api.port) });
    const env = {
      ...fake.env,
      GOOGLE_WALLET_API_URL: `http://127.0.0.1:${proxy.port}${api.pathname}`,
      DATABASE_URL: direct.toString(),
      SESSION_SECRET: 'wallet-google-fault-suite-session-secret-0123',
      TRUST_PROXY: '1',
      STAMP_COOLDOWN_MINUTES: '0',
      LOG_LEVEL: 'warn',
    };
    servers.push(await startServer(env)); // migrates the new database
    servers.push(await startServer(env));
    vendor = await signUpVendor(servers[0]!);
    await vendorApi(servers[0]!, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: GOAL, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const ip = `10.15.0.${i + 1}`;
      const first = await scan(ip);
      expect(first.status).toBe(200);
      const credential = first.body.credential!;
      const cardId = first.body.card!.id;
      const saved = await fetch(`${servers[i % 2]!.baseUrl}/api/customer/cards/${cardId}/google-pass`, { headers: { [CUSTOMER_CREDENTIAL_HEADER]: credential, 'x-forwarded-for': ip } });
      expect(saved.status).toBe(200);
      const { saveUrl } = (await saved.json()) as { saveUrl: string };
      const objectId = ((await jwtVerify(saveUrl.split('/').pop()!, fake.publicKey)).payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;
      customers.push({ ip, credential, cardId, objectId, stamps: first.body.card!.stamps });
    }
  });

  afterAll(async () => {
    for (const server of servers.splice(0)) await server.stop();
    await proxy?.close();
    await fake?.close();
    await check?.end();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  });

  it('Google answering 500, 429 and 503 twice per pass: scans stay fast, every pass ends current once Google recovers, none patched twice', async () => {
    // Six failures: even if one update met them all it would stay under the queue's eight attempts.
    fake.failNext(500, 429, 503, 500, 429, 503);
    await scanEveryone();
    await settled();
    expect(fake.calls.filter((call) => call.status >= 429).length).toBeGreaterThanOrEqual(6);
    await expectCurrentAndNotDoubled();
  });

  it('Google that answers nothing: updates time out and are sent again when it answers; scans never wait for it', async () => {
    fake.hang = true;
    await scanEveryone();
    await sleep(4000); // past the fold window: the updates are waiting on Google now
    fake.hang = false;
    await settled();
    await expectCurrentAndNotDoubled();
  });

  it('Google unreachable (its connections stop carrying bytes, then are cut): scans stay fast, updates arrive after', async () => {
    proxy.freeze();
    await scanEveryone();
    await sleep(4000);
    proxy.thaw();
    await settled();
    await expectCurrentAndNotDoubled();
  });

  it("the token endpoint failing after Google revoked the servers' tokens: updates wait for a new token and then arrive", async () => {
    const tokensBefore = fake.tokenRequests;
    fake.revokeTokens();
    fake.failTokenNext(500, 503, 500, 503);
    await scanEveryone();
    await settled();
    expect(fake.tokenRequests).toBeGreaterThan(tokensBefore);
    expect(fake.calls.some((call) => call.status === 401)).toBe(true);
    await expectCurrentAndNotDoubled();
  });
});
