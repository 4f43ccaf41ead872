// Campaign delivery under faults: two built servers on one PostgreSQL database share the campaign queue,
// and every campaign message goes to a local mail server (behind a TCP proxy that can take it down or
// freeze it) or to a local web push service (that can answer 500). Each store's customers are written
// straight into the database (a few hundred with a confirmed address who asked for offers, some with a
// browser subscribed). Checked: each (campaign, customer, channel) reaches the fakes exactly once when
// both servers send at once; a server killed mid-send leaves nothing lost and nothing doubled in any
// mailbox (a message the dead server had handed over is sent again under the same Message-ID); a mail
// server that is down or times out and a push service answering 500 are retried with backoff and the
// messages arrive once they are back; stamps are answered 200 meanwhile, about as fast as without a send.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { CampaignInput } from '../../src/api/contract/campaigns';
import { campaignRunnerPace } from '../../server/services/campaign-delivery/schedule';
import { sendableAt } from '../../server/services/campaign-delivery/quiet-hours';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { createScratchDatabase, type ScratchDatabase } from '../server/scratch-postgres';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../support/fake-push-service';
import { startFakeMailbox, type FakeMailbox } from './fake-mailbox';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** Customers of the store in the two-server and the kill tests. */
const CUSTOMERS = 300;
/** Of them, this many also have a browser subscribed to the store's offers. */
const PUSH_CUSTOMERS = 30;
/** A stamp during a send may take this many times a stamp without one (medians; the machine is shared and loaded). */
const STAMP_SLOWDOWN_RATIO = 3;
/** A message the dead server had in hand waits for its lease (60 s) to run out; retries back off from 30 s. */
const SETTLE_MS = 200_000;
const DAY_MS = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Store {
  vendor: SignedUpVendor;
  emails: string[];
  browsers: FakeSubscription[];
}

describe('campaign delivery from two servers while a server dies and the mail and push services fail', () => {
  const adminUrl = process.env.PG_TEST_URL;
  const databaseName = `stampwise_campaign_faults_${process.pid}`;
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-campaign-faults-'));
  let database: ScratchDatabase | undefined;
  let check: pg.Pool;
  let mailbox: FakeMailbox;
  let smtp: TcpProxy;
  let push: FakePushService;
  let env: Record<string, string>;
  const servers: E2eServer[] = [];
  let turn = 0;
  let addresses = 0;

  /** A stamp by a new customer (no cooldown, no credential) through the servers in turn: its status and time. */
  async function stamp(vendor: SignedUpVendor): Promise<{ status: number; ms: number }> {
    const server = servers[turn++ % servers.length]!;
    const { token } = await vendorApi<{ token: string }>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`);
    addresses += 1;
    const started = Date.now();
    const response = await fetch(`${server.baseUrl}/api/customer/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.33.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}` },
      body: JSON.stringify({ token }),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - started };
  }

  async function stamps(vendor: SignedUpVendor, count: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const { status, ms } = await stamp(vendor);
      expect(status).toBe(200);
      times.push(ms);
    }
    return times;
  }

  /** A store where it is day now (at night messages rightly wait for 08:00), with customers written straight into the database. */
  async function newStore(name: string, customers: number, withPush: number): Promise<Store> {
    const vendor = await signUpVendor(servers[0]!, { company: name }, mailbox);
    await vendorApi(servers[0]!, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
    const now = Date.now();
    const dayZone = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Asia/Kolkata', 'Europe/Paris'].find((zone) => sendableAt(now, zone) === now && sendableAt(now + 10 * 60_000, zone) === now + 10 * 60_000);
    if (!dayZone) throw new Error('no listed time zone is in its day now');
    await check.query('update vendors set time_zone = $1 where id = $2', [dayZone, vendor.vendorId]);
    const emails: string[] = [];
    const browsers: FakeSubscription[] = [];
    for (let i = 0; i < customers; i += 1) {
      const customerId = crypto.randomUUID();
      const email = `c${i}.${vendor.vendorId.slice(0, 8)}@customers.test`;
      emails.push(email);
      await check.query('insert into customers (id, display_name, email, email_normalized, created_at, updated_at, campaign_mail_opt_in) values ($1, null, $2, $2, $3, $3, 1)', [customerId, email, now]);
      await check.query('insert into stamp_cards (id, customer_id, vendor_id, created_at, updated_at) values ($1, $2, $3, $4, $4)', [crypto.randomUUID(), customerId, vendor.vendorId, now]);
      if (i < withPush) {
        const browser = push.subscribe();
        browsers.push(browser);
        await check.query('insert into web_push_subscriptions (id, customer_id, vendor_id, endpoint, p256dh, auth, created_at) values ($1, $2, $3, $4, $5, $6, $7)', [
          crypto.randomUUID(), customerId, vendor.vendorId, browser.endpoint, browser.keys.p256dh, browser.keys.auth, now,
        ]);
      }
    }
    return { vendor, emails, browsers };
  }

  async function launch(store: Store, title: string): Promise<string> {
    const now = Date.now();
    const campaign: CampaignInput = {
      campaignTitle: title,
      campaignDescription: 'A free pastry with every large coffee.',
      targetAudience: 'all',
      startDateTime: new Date(now).toISOString(),
      endDateTime: new Date(now + 14 * DAY_MS).toISOString(),
      promotionType: 'discount',
      itemsToPromote: ['Coffee'],
      notificationFrequency: 'once',
      abTesting: false,
      budget: 50,
    };
    return (await vendorApi<{ id: string }>(servers[turn++ % servers.length]!, store.vendor, 'POST', `/api/campaigns/${store.vendor.vendorId}`, campaign)).id;
  }

  async function messageStates(campaignId: string): Promise<Record<string, number>> {
    const { rows } = await check.query<{ state: string; n: string }>('select state, count(*) as n from campaign_messages where campaign_id = $1 group by state', [campaignId]);
    return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
  }

  /** Waits until the campaign's messages are planned and none is waiting; stamps (when asked) are taken meanwhile. */
  async function settled(campaignId: string, expected: number, duringSend?: { vendor: SignedUpVendor; times: number[] }): Promise<Record<string, number>> {
    const deadline = Date.now() + SETTLE_MS;
    for (;;) {
      const states = await messageStates(campaignId);
      const total = Object.values(states).reduce((sum, n) => sum + n, 0);
      if (total === expected && !states.waiting) return states;
      if (Date.now() > deadline) throw new Error(`campaign messages not settled after ${SETTLE_MS} ms: ${JSON.stringify(states)} of ${expected}`);
      if (duringSend && total > 0) duringSend.times.push(...(await stamps(duringSend.vendor, 3)));
      else await sleep(250);
    }
  }

  /** Each customer's mailbox holds the campaign once; each browser got it once. */
  function expectEachReachedOnce(store: Store, title: string): void {
    for (const email of store.emails) {
      const inbox = mailbox.inbox(email).filter((mail) => mail.subject.includes(title));
      expect({ email, received: inbox.length }).toEqual({ email, received: 1 });
      expect(inbox[0]!.messageId).toMatch(/^<campaign\.[A-Za-z0-9_-]{32}@127\.0\.0\.1>$/);
    }
    for (const browser of store.browsers) {
      const got = push.received.filter((received) => received.endpoint === browser.endpoint && received.payload.includes(title));
      expect({ endpoint: browser.endpoint, received: got.length }).toEqual({ endpoint: browser.endpoint, received: 1 });
    }
  }

  /** Mails the fake accepted for the campaign, duplicates included. */
  const acceptedFor = (title: string) => mailbox.accepted.filter((mail) => mail.subject.includes(title));

  beforeAll(async () => {
    if (!adminUrl) throw new Error('PG_TEST_URL is not set: the fault suite needs PostgreSQL (a role that may CREATE DATABASE)');
    database = await createScratchDatabase(adminUrl, databaseName);
    const direct = database.url;
    check = database.check;
    mailbox = await startFakeMailbox();
    smtp = await startTcpProxy({ host: '127.0.0.1', port: mailbox.port });
    push = await startFakePushService();
    // The servers trust the local push service's certificate as they would a real one's.
    const caFile = path.join(certDir, 'push-ca.pem');
    fs.writeFileSync(caFile, push.certificate);
    env = {
      DATABASE_URL: direct.toString(),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NODE_EXTRA_CA_CERTS: caFile,
      WEB_PUSH_LOCAL_ENDPOINTS: '1',
      SESSION_SECRET: 'campaign-fault-suite-session-secret-0123456',
      TRUST_PROXY: '1',
      STAMP_COOLDOWN_MINUTES: '0',
      LOG_LEVEL: 'warn',
    };
    servers.push(await startServer(env)); // migrates the new database
    servers.push(await startServer(env));
  });

  afterAll(async () => {
    for (const server of servers.splice(0)) await server.stop();
    await smtp?.close();
    await mailbox?.close();
    await push?.close();
    await database?.drop();
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  it('two servers send one campaign to 300 customers at once: each mail and each push arrives exactly once, and stamps stay about as fast', async () => {
    const store = await newStore('Two Servers Café', CUSTOMERS, PUSH_CUSTOMERS);
    const without = await stamps(store.vendor, 20);
    const id = await launch(store, 'Two servers week');
    const during: number[] = [];
    const states = await settled(id, CUSTOMERS + PUSH_CUSTOMERS, { vendor: store.vendor, times: during });
    expect(states).toEqual({ sent: CUSTOMERS + PUSH_CUSTOMERS });
    // Not even a duplicate a mailbox would hide: no server died.
    expect(acceptedFor('Two servers week')).toHaveLength(CUSTOMERS);
    expectEachReachedOnce(store, 'Two servers week');
    expect(during.length).toBeGreaterThan(0);
    expect(median(during) / median(without)).toBeLessThan(STAMP_SLOWDOWN_RATIO);
  });

  it('a server killed (SIGKILL) mid-send: the other finishes after its lease runs out; no mailbox misses or doubles the message', async () => {
    const store = await newStore('Killed Server Café', CUSTOMERS, 0);
    const id = await launch(store, 'Kill week');
    const deadline = Date.now() + 60_000;
    while (acceptedFor('Kill week').length < CUSTOMERS / 5) {
      if (Date.now() > deadline) throw new Error(`the send did not start: ${JSON.stringify(await messageStates(id))}`);
      await sleep(50);
    }
    const victim = servers.pop()!;
    const exited = new Promise((resolve) => victim.process.once('exit', resolve));
    victim.process.kill('SIGKILL');
    await exited;
    const sentAtKill = acceptedFor('Kill week').length;
    expect(sentAtKill).toBeLessThan(CUSTOMERS);
    const states = await settled(id, CUSTOMERS);
    expect(states).toEqual({ sent: CUSTOMERS });
    expectEachReachedOnce(store, 'Kill week');
    // What the dead server had handed to the mail server but not recorded is sent again under the same
    // Message-ID (the mailbox above shows it once): at most the messages it had in flight.
    const repeats = acceptedFor('Kill week').length - CUSTOMERS;
    expect(repeats).toBeGreaterThanOrEqual(0);
    expect(repeats).toBeLessThanOrEqual(campaignRunnerPace('postgres').concurrency);
    await victim.stop();
    servers.push(await startServer(env));
  });

  it('the mail server down and the push service answering 500: retried with backoff, delivered once both are back; stamps answered meanwhile', async () => {
    const store = await newStore('Outage Café', 40, 10);
    const without = await stamps(store.vendor, 20);
    smtp.refuse();
    for (const browser of store.browsers) push.answer(browser.endpoint, 500);
    const id = await launch(store, 'Outage week');
    // Every message tried and failed at least once, stamps taken meanwhile.
    const during: number[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await check.query<{ failing: string }>("select count(*) as failing from campaign_messages where campaign_id = $1 and state = 'waiting' and attempts > 0 and last_error is not null", [id]);
      if (Number(rows[0]!.failing) === 50) break;
      if (Date.now() > deadline) throw new Error(`not every message failed once: ${rows[0]!.failing} of 50`);
      during.push(...(await stamps(store.vendor, 3)));
    }
    expect(acceptedFor('Outage week')).toHaveLength(0);
    expect(push.attempts.filter((attempt) => attempt.status === 500).length).toBeGreaterThanOrEqual(10);
    smtp.thaw();
    for (const browser of store.browsers) push.answer(browser.endpoint, 201);
    const states = await settled(id, 50, { vendor: store.vendor, times: during });
    expect(states).toEqual({ sent: 50 });
    expectEachReachedOnce(store, 'Outage week');
    // The retry of each push carried the first try's Topic.
    for (const browser of store.browsers) {
      const topics = new Set(push.attempts.filter((attempt) => attempt.endpoint === browser.endpoint).map((attempt) => attempt.topic));
      expect(topics.size).toBe(1);
    }
    expect(median(during) / median(without)).toBeLessThan(STAMP_SLOWDOWN_RATIO);
  });

  it('a push service that hangs, then answers 429 with Retry-After: 75: stamps stay fast and 200 throughout, no browser is pushed again before the moment it named, and each gets the message once', async () => {
    const store = await newStore('Hanging Push Café', 4, 4);
    const without = await stamps(store.vendor, 20);
    for (const browser of store.browsers) push.answer(browser.endpoint, 'hang');
    const id = await launch(store, 'Hanging week');
    const during: number[] = [];
    const triesOf = (browser: FakeSubscription) => push.attempts.filter((attempt) => attempt.endpoint === browser.endpoint);
    // Each push waits out the client's 10 s and fails; stamps are taken meanwhile.
    let deadline = Date.now() + 90_000;
    while (!store.browsers.every((browser) => triesOf(browser).length > 0)) {
      if (Date.now() > deadline) throw new Error('not every browser was tried against the hanging push service');
      during.push(...(await stamps(store.vendor, 3)));
    }
    for (const browser of store.browsers) push.answer(browser.endpoint, { status: 429, headers: { 'retry-after': '75' } });
    // The retries (30 s backoff, with jitter) meet the slow-down; a server that met it holds the others back itself.
    deadline = Date.now() + 120_000;
    while (!push.attempts.some((attempt) => attempt.status === 429)) {
      if (Date.now() > deadline) throw new Error('no retry met the 429');
      during.push(...(await stamps(store.vendor, 3)));
    }
    for (const browser of store.browsers) push.answer(browser.endpoint, 201);
    const states = await settled(id, 8, { vendor: store.vendor, times: during });
    expect(states).toEqual({ sent: 8 });
    expectEachReachedOnce(store, 'Hanging week');
    // At most the pushes each server had in flight (2) when it met the 429: the rest were held on the server.
    expect(push.attempts.filter((attempt) => attempt.status === 429).length).toBeLessThanOrEqual(4);
    for (const browser of store.browsers) {
      const tries = triesOf(browser);
      const slowDown = tries.findIndex((attempt) => attempt.status === 429);
      // The next try after a 429 came no sooner than its Retry-After (the queue's own backoff would be 15–60 s).
      if (slowDown >= 0) expect(tries[slowDown + 1]!.at - tries[slowDown]!.at).toBeGreaterThanOrEqual(75_000 - 1000);
    }
    expect(Math.max(...during)).toBeLessThan(2000);
    expect(median(during) / median(without)).toBeLessThan(STAMP_SLOWDOWN_RATIO);
  });

  it('a mail server that stops answering: the sends time out, are tried again once it answers, and each mailbox gets the message once', async () => {
    const store = await newStore('Frozen Mail Café', 12, 0);
    smtp.freeze();
    const id = await launch(store, 'Frozen week');
    const deadline = Date.now() + 120_000;
    // The mail client gives up on a silent server itself (10 s), before the job's own deadline would.
    for (;;) {
      const { rows } = await check.query<{ n: string }>("select count(*) as n from jobs where kind = 'campaign-message.send' and (last_error like 'timed out%' or last_error like 'the mail server is unavailable%')");
      if (Number(rows[0]!.n) > 0) break;
      if (Date.now() > deadline) throw new Error('no send timed out against the frozen mail server');
      expect((await stamp(store.vendor)).status).toBe(200);
      await sleep(500);
    }
    smtp.thaw();
    const states = await settled(id, 12);
    expect(states).toEqual({ sent: 12 });
    expectEachReachedOnce(store, 'Frozen week');
  });
});
