// Google Wallet updates under faults: two built servers on one PostgreSQL database share the job queue,
// four customers hold saved Google Wallet passes, and a local fake Google answers 500/429/503, hangs,
// cannot be reached (its API behind a frozen TCP proxy), or its token endpoint fails after Google revoked
// the servers' tokens. Scans go on meanwhile. After each fault: every scan was answered 200 and quickly,
// once Google is back every pass shows its card's current count (nothing lost), no pass got more
// successful PATCHes than update jobs ran for its card (nothing doubled), and nothing is in the dead letter.
import { jwtVerify } from 'jose';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../support/fake-google-wallet';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { sleep, startWalletFaultStage, type WalletFaultStage } from './wallet-stage';

const CUSTOMERS = 4;
const GOAL = 50;
/** A scan slower than this would mean a call to Google held it up (Google's timeout is 10 s). */
const SCAN_SLOW_MS = 2000;
/** Updates wait out the 2 s fold window, backoff (1 s, 2 s, 4 s…) and Google's 10 s timeout: all settle well within this. */
const SETTLE_MS = 60_000;
const SYNC_JOB = 'google-wallet.sync-object';

interface Customer {
  ip: string;
  credential: string;
  cardId: string;
  objectId: string;
  stamps: number;
}

describe('Google Wallet updates from two servers while Google fails, hangs, is unreachable or refuses tokens', () => {
  let stage: WalletFaultStage;
  let fake: FakeGoogleWallet;
  let proxy: TcpProxy;
  const customers: Customer[] = [];
  const scan = (ip: string, credential?: string) => stage.scan(ip, credential);
  const settled = () => stage.settled(SYNC_JOB, 'Google Wallet updates', SETTLE_MS);
  const syncJobs = () => stage.jobsOf(SYNC_JOB);

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
    fake = await startFakeGoogleWallet();
    // The API through a proxy that can cut Google off; the token endpoint straight to the fake.
    const api = new URL(fake.apiUrl);
    proxy = await startTcpProxy({ host: api.hostname, port: Number(api.port) });
    stage = await startWalletFaultStage({
      databaseName: `stampwise_wallet_google_faults_${process.pid}`,
      env: {
        ...fake.env,
        GOOGLE_WALLET_API_URL: `http://127.0.0.1:${proxy.port}${api.pathname}`,
        SESSION_SECRET: 'wallet-google-fault-suite-session-secret-0123',
        STAMP_COOLDOWN_MINUTES: '0',
      },
      goal: GOAL,
    });
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const ip = `10.15.0.${i + 1}`;
      const first = await scan(ip);
      expect(first.status).toBe(200);
      const credential = first.body.credential!;
      const cardId = first.body.card!.id;
      const saved = await fetch(`${stage.servers[i % 2]!.baseUrl}/api/customer/cards/${cardId}/google-pass`, { headers: { [CUSTOMER_CREDENTIAL_HEADER]: credential, 'x-forwarded-for': ip } });
      expect(saved.status).toBe(200);
      const { saveUrl } = (await saved.json()) as { saveUrl: string };
      const objectId = ((await jwtVerify(saveUrl.split('/').pop()!, fake.publicKey)).payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;
      customers.push({ ip, credential, cardId, objectId, stamps: first.body.card!.stamps });
    }
  });

  afterAll(async () => {
    await stage?.close();
    await proxy?.close();
    await fake?.close();
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
