// The counter QR during a database outage: one built server on PostgreSQL through a loopback proxy. The
// database goes down (every connection cut, new ones refused), comes back, then freezes (accepts, never
// answers) and comes back. Meanwhile `GET /api/qrcode/generate` must answer a clear 503 with the reason
// `database-unavailable` (what the counter shows as "Scans paused") in bounded time — never a 500, never a
// hang — and, once the database is back, codes again within seconds with no restart, and those codes stamp.
// The database is a scratch one made from PG_TEST_URL (as the other fault suites), or FAULTS_DATABASE_URL
// used as it is (a database of one's own that already exists: nothing is created or dropped).
import { DATABASE_UNAVAILABLE_REASON } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { createScratchDatabase, type ScratchDatabase } from '../server/scratch-postgres';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 3000;
/** How long each outage lasts while the counter keeps asking. */
const OUTAGE_MS = 6000;
/** A refusal must come within the connect timeout and a little: the counter is never left hanging. */
const ANSWER_WITHIN_MS = STATEMENT_TIMEOUT_MS + 2000 + 1500;
const RECOVERY_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  reason?: string;
  error?: string;
  retryAfter: string | null;
  ms: number;
  token?: string;
}

describe('the counter QR while PostgreSQL is down or frozen', () => {
  const adminUrl = process.env.PG_TEST_URL;
  const givenUrl = process.env.FAULTS_DATABASE_URL;
  let scratch: ScratchDatabase | undefined;
  let proxy: TcpProxy;
  let server: E2eServer;
  let vendor: SignedUpVendor;

  beforeAll(async () => {
    if (!adminUrl && !givenUrl) {
      throw new Error('PG_TEST_URL (a role that may CREATE DATABASE) or FAULTS_DATABASE_URL (a database of your own) is not set: this suite needs PostgreSQL');
    }
    let direct: URL;
    if (givenUrl) direct = new URL(givenUrl);
    else {
      scratch = await createScratchDatabase(adminUrl ?? '', `stampwise_qr_faults_${process.pid}`, 'stampwise-qr-faults-check');
      direct = scratch.url;
    }
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(direct.toString());
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    server = await startServer({
      DATABASE_URL: throughProxy.toString(),
      SESSION_SECRET: 'fault-suite-session-secret-0123456789abcdef',
      TRUST_PROXY: '1',
      STAMP_COOLDOWN_MINUTES: '0',
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    });
    vendor = await signUpVendor(server);
    await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await scratch?.drop();
  });

  async function askForCode(): Promise<Answer> {
    const started = Date.now();
    try {
      const response = await fetch(`${server.baseUrl}/api/qrcode/generate/${vendor.vendorId}`, {
        headers: { authorization: `Bearer ${vendor.token}`, 'accept-language': 'en' },
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS + 5000),
      });
      const body = (await response.json().catch(() => ({}))) as { token?: string; reason?: string; error?: string };
      return { status: response.status, reason: body.reason, error: body.error, token: body.token, retryAfter: response.headers.get('retry-after'), ms: Date.now() - started };
    } catch {
      return { status: 0, retryAfter: null, ms: Date.now() - started };
    }
  }

  /** Every answer while the outage lasts (the counter asks again as soon as it has one, as its retries would). */
  async function duringOutage(): Promise<Answer[]> {
    const answers: Answer[] = [];
    const until = Date.now() + OUTAGE_MS;
    while (Date.now() < until) {
      answers.push(await askForCode());
      await sleep(250);
    }
    return answers;
  }

  /** Milliseconds until a code comes again and stamps a customer's card. */
  async function untilCodesStamp(): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < RECOVERY_MS) {
      const answer = await askForCode();
      if (answer.status === 200 && answer.token) {
        // A new customer each time (no credential): the first scan of a card stamps it.
        const scan = await fetch(`${server.baseUrl}/api/customer/scan`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.17.0.${Math.floor(Math.random() * 200) + 1}` },
          body: JSON.stringify({ token: answer.token }),
        });
        if (scan.status === 200) return Date.now() - started;
      }
      await sleep(250);
    }
    return Number.POSITIVE_INFINITY;
  }

  function expectPausedAnswers(answers: Answer[]): void {
    const summary = answers.map((a) => `${a.status}${a.reason ? ` ${a.reason}` : ''} in ${a.ms} ms`);
    process.stdout.write(`\n${summary.join('\n')}\n`);
    expect(answers.length).toBeGreaterThan(0);
    // Each one a 503 that says why: no 500, no connection torn down, no answer left hanging.
    for (const answer of answers) {
      expect({ status: answer.status, reason: answer.reason }).toEqual({ status: 503, reason: DATABASE_UNAVAILABLE_REASON });
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(answer.error).toEqual(expect.any(String));
      expect(answer.ms).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    }
  }

  it('a code before the outage stamps', async () => {
    expect(await untilCodesStamp()).toBeLessThan(RECOVERY_MS);
  });

  it('answers 503 database-unavailable while PostgreSQL refuses connections, and codes again by itself once it is back', async () => {
    proxy.refuse();
    const answers = await duringOutage();
    proxy.thaw();
    const recoveredMs = await untilCodesStamp();
    process.stdout.write(`database down: ${answers.length} answers, codes stamp again ${recoveredMs} ms after it is back\n`);
    expectPausedAnswers(answers);
    expect(recoveredMs).toBeLessThanOrEqual(RECOVERY_MS);
  });

  it('answers 503 database-unavailable in bounded time while PostgreSQL is frozen, and codes again once it thaws', async () => {
    proxy.freeze();
    const answers = await duringOutage();
    proxy.thaw();
    const recoveredMs = await untilCodesStamp();
    process.stdout.write(`database frozen: ${answers.length} answers, codes stamp again ${recoveredMs} ms after it thaws\n`);
    expectPausedAnswers(answers);
    expect(recoveredMs).toBeLessThanOrEqual(RECOVERY_MS);
  });
});
