// The server's clock jumps: two built servers on one PostgreSQL database, the first run under libfaketime
// (LD_PRELOAD) with an offset read from a file, so its wall clock (Date) steps back 10 minutes, then forward an
// hour past true time, then back to true time, while its timers (the monotonic clock) run on as they would
// through an NTP step. At each step: counter codes and live-feed tickets made before it are good until their
// own expiry on that server's clock and no longer, each still taken once (a code once per customer, a ticket
// once on either server), fresh ones are taken at once, sessions made before still open the vendor's pages,
// and no answer is a 500. The second server keeps true time, so a ticket spent there must stay spent while the
// first server's clock runs an hour ahead. Needs libfaketime (Debian: apt-get install libfaketime) and
// PG_TEST_URL; fails rather than skips without them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { createScratchDatabase, type ScratchDatabase } from '../server/scratch-postgres';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A first start migrates a new database: on a machine busy with other work that can take longer than the usual 30 s. */
const START = { healthyWithinMs: 90_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** libfaketime's preload library for threaded programs, wherever the machine's architecture puts it. */
function libfaketime(): string | undefined {
  const lib = '/usr/lib';
  for (const dir of fs.existsSync(lib) ? fs.readdirSync(lib) : []) {
    const candidate = path.join(lib, dir, 'faketime', 'libfaketimeMT.so.1');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

interface Scan {
  status: number;
  code?: string;
  credential?: string;
}

describe('a server whose clock steps back 10 minutes, then forward an hour, then back to true time', () => {
  const adminUrl = process.env.PG_TEST_URL;
  const databaseName = `stampwise_f_clock_${process.pid}`;
  const offsetFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-faults-clock-')), 'offset');
  let database: ScratchDatabase | undefined;
  /** Runs on the stepped clock. */
  let stepped: E2eServer;
  /** Keeps true time. */
  let steady: E2eServer;
  let vendor: SignedUpVendor;
  const statuses: number[] = [];
  let customerCount = 0;

  /** Sets the stepped server's clock `offsetMs` from true time and waits until its answers' Date header says so. */
  async function stepClock(offsetMs: number): Promise<void> {
    fs.writeFileSync(offsetFile, `${offsetMs >= 0 ? '+' : ''}${offsetMs / 1000}\n`);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await fetch(`${stepped.baseUrl}/api/health`);
      const skew = Date.parse(response.headers.get('date') ?? '') - Date.now();
      if (Math.abs(skew - offsetMs) < 5000) return;
      if (Date.now() > deadline) throw new Error(`the server's clock is ${skew} ms off, not ${offsetMs}`);
      await sleep(200);
    }
  }

  async function code(server: E2eServer): Promise<string> {
    return (await vendorApi<{ token: string }>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`)).token;
  }

  async function scan(server: E2eServer, token: string, credential?: string): Promise<Scan> {
    customerCount += 1;
    const response = await fetch(`${server.baseUrl}/api/customer/scan`, {
      method: 'POST',
      // Each customer from an address of its own: the per-address limits are not the subject.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.21.${Math.floor(customerCount / 200)}.${(customerCount % 200) + 1}`, ...(credential ? { [CUSTOMER_CREDENTIAL_HEADER]: credential } : {}) },
      body: JSON.stringify({ token }),
    });
    statuses.push(response.status);
    const body = (await response.json()) as { code?: string; credential?: string };
    return { status: response.status, code: body.code, credential: body.credential };
  }

  async function ticket(server: E2eServer): Promise<string> {
    return (await vendorApi<{ url: string }>(server, vendor, 'POST', `/api/activity/${vendor.vendorId}/stream-ticket`)).url;
  }

  /** Opens the live feed at `url` on `server` and closes it once answered: the answer's status. */
  async function openFeed(server: E2eServer, url: string): Promise<number> {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}${url}`, { signal: controller.signal });
    statuses.push(response.status);
    controller.abort();
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  }

  /** A vendor page's data with the session made at sign-up. */
  async function vendorPage(server: E2eServer): Promise<number> {
    const response = await fetch(`${server.baseUrl}/api/vendor/${vendor.vendorId}`, { headers: { authorization: `Bearer ${vendor.token}` } });
    statuses.push(response.status);
    return response.status;
  }

  beforeAll(async () => {
    if (!adminUrl) throw new Error('PG_TEST_URL is not set: the fault suite needs PostgreSQL (a role that may CREATE DATABASE)');
    const preload = libfaketime();
    if (!preload) throw new Error('libfaketime is not installed: the clock-jump faults need it (Debian: apt-get install libfaketime)');
    database = await createScratchDatabase(adminUrl, databaseName);
    fs.writeFileSync(offsetFile, '+0\n');
    const env = { DATABASE_URL: database.url.toString(), SESSION_SECRET: 'clock-faults-session-secret-0123456789abcdef', STAMP_COOLDOWN_MINUTES: '0', TRUST_PROXY: '1' };
    steady = await startServer(env, START); // migrates the new database
    stepped = await startServer({
      ...env,
      LD_PRELOAD: preload,
      FAKETIME_TIMESTAMP_FILE: offsetFile,
      // The wall clock only: timers run on the monotonic clock, which an NTP step leaves alone.
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      // The file is read again at most once a second rather than on every clock reading.
      FAKETIME_CACHE_DURATION: '1',
    }, START);
    vendor = await signUpVendor(steady);
    await vendorApi(steady, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 100, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
  });

  afterAll(async () => {
    await stepped?.stop();
    await steady?.stop();
    await database?.drop();
    fs.rmSync(path.dirname(offsetFile), { recursive: true, force: true });
  });

  it('steps back 10 minutes: codes and tickets from before are taken once, fresh ones at once, sessions hold', async () => {
    const codeBefore = await code(stepped);
    const ticketBefore = await ticket(stepped);
    const regular = await scan(stepped, await code(stepped));
    expect(regular.status).toBe(200);

    await stepClock(-10 * MINUTE_MS);

    // The code shown before the step: good (its expiry is further away now), once per customer.
    expect((await scan(stepped, codeBefore)).status).toBe(200);
    expect(await scan(stepped, codeBefore, regular.credential)).toMatchObject({ status: 200 });
    expect(await scan(stepped, codeBefore, regular.credential)).toMatchObject({ code: 'already-collected' });
    // A fresh code, for a customer whose last stamp is now ahead of the clock (no cooldown configured).
    expect((await scan(stepped, await code(stepped), regular.credential)).status).toBe(200);
    expect((await scan(stepped, await code(stepped))).status).toBe(200);
    // The ticket from before the step opens its feed once, on either server.
    expect(await openFeed(stepped, ticketBefore)).toBe(200);
    expect(await openFeed(stepped, ticketBefore)).toBe(401);
    expect(await openFeed(steady, ticketBefore)).toBe(401);
    const fresh = await ticket(stepped);
    expect(await openFeed(stepped, fresh)).toBe(200);
    expect(await openFeed(steady, fresh)).toBe(401);
    expect(await vendorPage(stepped)).toBe(200);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  it('jumps forward an hour: codes and tickets from before have expired, fresh ones are taken, and tickets spent on the other server stay spent', async () => {
    const codeBefore = await code(stepped);
    const ticketBefore = await ticket(stepped);
    // A ticket of the server on true time, spent there before the other's clock jumps.
    const steadyTicket = await ticket(steady);
    expect(await openFeed(steady, steadyTicket)).toBe(200);

    await stepClock(HOUR_MS);

    expect(await scan(stepped, codeBefore)).toMatchObject({ code: 'expired' });
    expect(await openFeed(stepped, ticketBefore)).toBe(401);
    expect((await scan(stepped, await code(stepped))).status).toBe(200);
    const fresh = await ticket(stepped);
    expect(await openFeed(stepped, fresh)).toBe(200);
    expect(await openFeed(stepped, fresh)).toBe(401);
    // Spending `fresh` swept the spent tickets by the stepped server's clock: the true-time server's ticket,
    // still within its minute there, must not open a second feed.
    expect(await openFeed(steady, steadyTicket)).toBe(401);
    expect(await vendorPage(stepped)).toBe(200);
    expect((await fetch(`${stepped.baseUrl}/api/dashboard/${vendor.vendorId}`, { headers: { authorization: `Bearer ${vendor.token}` } })).status).toBe(200);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  it('steps back to true time (an hour back): tickets and codes of the hour ahead are taken once, stamps go on', async () => {
    const codeAhead = await code(stepped);
    const ticketAhead = await ticket(stepped);
    const customer = await scan(stepped, await code(stepped));
    expect(customer.status).toBe(200);

    await stepClock(0);

    expect((await scan(stepped, codeAhead)).status).toBe(200);
    expect(await scan(stepped, codeAhead, customer.credential)).toMatchObject({ status: 200 });
    expect(await scan(stepped, codeAhead, customer.credential)).toMatchObject({ code: 'already-collected' });
    expect((await scan(stepped, await code(stepped), customer.credential)).status).toBe(200);
    expect(await openFeed(stepped, ticketAhead)).toBe(200);
    expect(await openFeed(steady, ticketAhead)).toBe(401);
    expect(await openFeed(stepped, ticketAhead)).toBe(401);
    expect(await vendorPage(stepped)).toBe(200);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
