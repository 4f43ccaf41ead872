// Campaign delivery with real parts (the database under test, the job queue, the mail path): a launched
// campaign reaches each customer once per period on the channels they accepted, never more than twice a
// week per store, never at night in the store's time zone, never the held-out half of an A/B test or a
// customer who turned the store's messages off; a failing mail server is retried without holding up a
// stamp, and given up after 24 hours, which the campaigns table shows; a message sent again after a server
// died mid-send carries the same Message-ID.
import type { CampaignInput, CampaignRow } from '../../../../src/api/contract/campaigns';
import { createJobRunner, type JobRunner } from '../../../../server/infra/jobs';
import type { Mailer, MailMessage } from '../../../../server/infra/mailer';
import {
  CAMPAIGN_JOB_BACKOFF,
  CAMPAIGN_JOB_MAX_ATTEMPTS,
  campaignChannels,
  campaignDeliveryJobHandlers,
  campaignRunnerPace,
  planCampaignMessages,
} from '../../../../server/services/campaign-delivery';
import { createRequestsInFlight, type RequestsInFlight } from '../../../../server/infra/requests-in-flight';
import { isHeldOut } from '../../../../server/services/campaign-split';
import { unsubscribeUrl } from '../../../../server/services/campaign-delivery/email';
import { asCustomer, campaignInput, launchCampaign, mailableCards, rewardStore, dynamicToken, freshCustomerAddress, multipart, newCustomer, onlyCardOf, saveConfirmedEmail, scan, uniqueEmail, type TestStore } from '../../factories';
import type { Config } from '../../../../server/config';
import { buildTestApp, type TestApp } from '../../helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;
let t: TestApp;
let store: TestStore;
/** Every mail the app sent, the confirmation links included; campaign mails are the ones with List-Unsubscribe. */
let outbox: MailMessage[];
let smtpDown: boolean;
/** While set, the mail server takes each message and the sending server then stops answering (it died). */
let diesAfterAccept: Promise<void> | undefined;
const runners: JobRunner[] = [];

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } as Config });
  store = await rewardStore(t, 'Café Luna');
  const capture = t.mailer;
  outbox = capture.sent;
  smtpDown = false;
  diesAfterAccept = undefined;
  // The app's mail path with an off switch: the confirmation links still reach the capture the factories read.
  const mailer: Mailer = {
    send: async (message) => {
      if (smtpDown) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      await capture.send(message);
      if (diesAfterAccept) await diesAfterAccept;
    },
    close: () => undefined,
  };
  t.deps.mailer = mailer;
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await t.close();
});

function runner(owner = 'server-a'): JobRunner {
  const created = createJobRunner({
    db: t.db,
    handlers: campaignDeliveryJobHandlers(t.deps, campaignChannels(t.deps)),
    owner,
    now: t.clock.now,
    random: () => 1,
    maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS,
    backoff: CAMPAIGN_JOB_BACKOFF,
  });
  runners.push(created);
  return created;
}

const campaignMails = () => outbox.filter((mail) => mail.headers?.['List-Unsubscribe']);

/** The campaign these tests send: a fortnight with a budget. */
const launch = (overrides: Partial<CampaignInput> = {}): Promise<string> =>
  launchCampaign(t, store, campaignInput(t, { endDateTime: new Date(t.clock.now() + 14 * DAY).toISOString(), budget: 50, ...overrides }));

const rows = async (): Promise<CampaignRow[]> => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}`, headers: store.auth })).json<{ campaigns: CampaignRow[] }>().campaigns;

interface Customer {
  credential: string;
  email: string;
  customerId: string;
}

/** A customer of the store with a confirmed address who asked for campaign e-mail (unless `optIn` is false). */
async function mailableCustomer(optIn = true): Promise<Customer> {
  const credential = await newCustomer(t, store.id, freshCustomerAddress());
  const email = uniqueEmail();
  await saveConfirmedEmail(t, credential, email);
  if (optIn) {
    const response = await t.app.inject({ method: 'PUT', url: '/api/customer/me/campaign-mail', headers: { ...asCustomer(credential), 'accept-language': 'fr' }, payload: { optIn: true }, remoteAddress: freshCustomerAddress() });
    expect(response.json()).toEqual({ optIn: true });
  }
  const me = await t.db.kysely.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { credential, email, customerId: me.id };
}

/** What a server does every few minutes: plan what is due, then send it. */
async function deliver(): Promise<void> {
  await planCampaignMessages(t.deps, campaignChannels(t.deps));
  await runner().runOnce();
}

describe('campaign e-mail', () => {
  it('reaches each customer who asked for it once, in their language, with a one-click unsubscribe; the table counts it sent', async () => {
    const asked = await mailableCustomer();
    const notAsked = await mailableCustomer(false);
    await launch();
    await deliver();
    await deliver();
    const mails = campaignMails();
    expect(mails.map((mail) => mail.to)).toEqual([asked.email]);
    expect(mails.some((mail) => mail.to === notAsked.email)).toBe(false);
    const [mail] = mails;
    expect(mail.subject).toBe('Café Luna\u00a0: Winter Warmer Week');
    expect(mail.text).toContain('A free pastry with every large coffee.');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${mail.link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.link).toMatch(/^http:\/\/stampwise\.test\/api\/unsubscribe\//);
    expect(mail.text).toContain(mail.link);
    const [row] = await rows();
    expect(row.notifications).toBe(1);
    expect(row.delivery).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });

  it('sends nothing to a customer who opts out between the plan and the send, by the page or by the unsubscribe link', async () => {
    const byPage = await mailableCustomer();
    const byLink = await mailableCustomer();
    const stays = await mailableCustomer();
    await launch();
    await planCampaignMessages(t.deps, campaignChannels(t.deps));
    const optedOut = await t.app.inject({ method: 'PUT', url: '/api/customer/me/campaign-mail', headers: asCustomer(byPage.credential), payload: { optIn: false }, remoteAddress: freshCustomerAddress() });
    expect(optedOut.json()).toEqual({ optIn: false });
    const unsubscribed = await t.app.inject({ method: 'POST', url: new URL(unsubscribeUrl(t.deps, store.id, byLink.customerId)).pathname, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsubscribed.statusCode).toBeLessThan(300);
    await runner().runOnce();
    expect(campaignMails().map((mail) => mail.to)).toEqual([stays.email]);
  });

  it('leaves no send job behind once a message is settled (the message is the record), and a plan run again queues none and sends nothing again', async () => {
    const customer = await mailableCustomer();
    await launch();
    await planCampaignMessages(t.deps, campaignChannels(t.deps));
    const sendJobs = () => t.db.kysely.selectFrom('jobs').select(['id', 'state']).where('kind', '=', 'campaign-message.send').execute();
    expect(await sendJobs()).toHaveLength(1);
    await runner().runOnce();
    expect(await sendJobs()).toEqual([]);
    expect(await planCampaignMessages(t.deps, campaignChannels(t.deps))).toBe(0);
    expect(await sendJobs()).toEqual([]);
    await runner().runOnce();
    expect(campaignMails().map((mail) => mail.to)).toEqual([customer.email]);
    expect((await rows())[0].delivery).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });

  it('sends a message whose send job names it in its payload (as a server of the previous release queued it), once', async () => {
    const customer = await mailableCustomer();
    await launch();
    await planCampaignMessages(t.deps, campaignChannels(t.deps));
    const [message] = await t.db.kysely.selectFrom('campaign_messages').select('id').execute();
    await t.db.kysely
      .updateTable('jobs')
      .set({ id: 'job-queued-by-an-older-server', payload: JSON.stringify({ messageId: message!.id }) })
      .where('id', '=', message!.id)
      .execute();
    await runner().runOnce();
    await runner().runOnce();
    expect(campaignMails().map((mail) => mail.to)).toEqual([customer.email]);
    expect((await rows())[0].delivery).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });

  it('sends one message per customer when two servers plan and send at the same moment', async () => {
    const customers = await Promise.all([mailableCustomer(), mailableCustomer(), mailableCustomer()]);
    await launch();
    const channels = campaignChannels(t.deps);
    await Promise.all([planCampaignMessages(t.deps, channels), planCampaignMessages(t.deps, channels)]);
    await Promise.all([runner('server-a').runOnce(), runner('server-b').runOnce()]);
    await Promise.all([runner('server-a').runOnce(), runner('server-b').runOnce()]);
    expect(campaignMails().map((mail) => mail.to).sort()).toEqual(customers.map((c) => c.email).sort());
    expect((await rows())[0].delivery).toEqual({ sent: 3, waiting: 0, failed: 0 });
  });

  it('repeats a daily campaign each day but never more than 2 messages a week from one store', async () => {
    const customer = await mailableCustomer();
    await launch({ notificationFrequency: 'daily' });
    const perDay: number[] = [];
    for (let day = 0; day < 9; day += 1) {
      const before = campaignMails().length;
      await deliver();
      perDay.push(campaignMails().length - before);
      t.clock.advance(DAY);
    }
    // Days 0 and 1; then the rolling week is full until day 7 frees a place, and day 8 another.
    expect(perDay).toEqual([1, 1, 0, 0, 0, 0, 0, 1, 1]);
    expect(campaignMails().every((mail) => mail.to === customer.email)).toBe(true);
  });

  it('counts every campaign of the store towards the same 2 a week', async () => {
    await mailableCustomer();
    await launch({ campaignTitle: 'One' });
    await launch({ campaignTitle: 'Two' });
    await launch({ campaignTitle: 'Three' });
    await deliver();
    await deliver();
    expect(campaignMails()).toHaveLength(2);
  });

  it('holds a message planned at night in the store\'s time zone until 08:00 there', async () => {
    await t.db.kysely.updateTable('vendors').set({ time_zone: 'Europe/Paris' }).where('id', '=', store.id).execute();
    await mailableCustomer();
    // 21:30 UTC is 22:30 in Paris in November.
    t.clock.set(Date.parse('2026-11-22T21:30:00Z'));
    await launch();
    await deliver();
    expect(campaignMails()).toHaveLength(0);
    expect((await rows())[0].delivery).toEqual({ sent: 0, waiting: 1, failed: 0 });
    t.clock.set(Date.parse('2026-11-23T06:59:00Z'));
    await deliver();
    expect(campaignMails()).toHaveLength(0);
    t.clock.set(Date.parse('2026-11-23T07:00:00Z'));
    await deliver();
    expect(campaignMails()).toHaveLength(1);
  });

  it('keeps the night of the store\'s own time zone: at 20:30 UTC a Paris store (21:30 there) waits, a UTC store sends at once', async () => {
    // As Store Settings saves it.
    const storeZone = async (timeZone: string) => {
      const form = multipart({ company: 'Café Luna', address: '1 Rue du Port', open_hours: 'Daily 8–18', timeZone });
      const response = await t.app.inject({ method: 'POST', url: `/api/vendor/${store.id}`, headers: { ...store.auth, ...form.headers }, payload: form.payload });
      expect(response.json().vendor.timeZone).toBe(timeZone);
    };
    await mailableCustomer();
    await storeZone('Europe/Paris');
    t.clock.set(Date.parse('2026-11-23T20:30:00Z'));
    await launch({ campaignTitle: 'Paris' });
    await deliver();
    expect(campaignMails()).toHaveLength(0);

    await storeZone('UTC');
    await launch({ campaignTitle: 'London' });
    await deliver();
    expect(campaignMails().map((mail) => mail.subject)).toEqual(['Café Luna\u00a0: London']);
    // The message held in Paris follows the store to its new zone: 07:00 UTC is still night there, 08:00 is morning.
    t.clock.set(Date.parse('2026-11-24T07:00:00Z'));
    await deliver();
    expect(campaignMails().map((mail) => mail.subject)).toEqual(['Café Luna\u00a0: London']);
    t.clock.set(Date.parse('2026-11-24T08:00:00Z'));
    await deliver();
    expect(campaignMails().map((mail) => mail.subject)).toEqual(['Café Luna\u00a0: London', 'Café Luna\u00a0: Paris']);
  });

  it('sends a message held over the night the clocks go forward at 08:00 summer time, not an hour late', async () => {
    await t.db.kysely.updateTable('vendors').set({ time_zone: 'Europe/Paris' }).where('id', '=', store.id).execute();
    await mailableCustomer();
    // Launched now, to start on Saturday 27 March 2027 at 22:00 in Paris (21:00 UTC); at 02:00 that night the
    // clocks go to 03:00, so 08:00 there is 06:00 UTC.
    const start = Date.parse('2027-03-27T21:00:00Z');
    await launch({ startDateTime: new Date(start).toISOString(), endDateTime: new Date(start + 14 * DAY).toISOString() });
    t.clock.set(start);
    await deliver();
    t.clock.set(Date.parse('2027-03-28T05:59:00Z'));
    await deliver();
    expect(campaignMails()).toHaveLength(0);
    t.clock.set(Date.parse('2027-03-28T06:00:00Z'));
    await deliver();
    expect(campaignMails()).toHaveLength(1);
  });

  it('repeats a daily campaign on the store\'s next morning, not 24 hours after the launch', async () => {
    await t.db.kysely.updateTable('vendors').set({ time_zone: 'Europe/Paris' }).where('id', '=', store.id).execute();
    await mailableCustomer();
    // Launched on Monday at 15:00 in Paris.
    t.clock.set(Date.parse('2026-11-23T14:00:00Z'));
    await launch({ notificationFrequency: 'daily' });
    await deliver();
    expect(campaignMails()).toHaveLength(1);
    // Tuesday 08:00 in Paris: a new day of the campaign there, 17 hours after the launch.
    t.clock.set(Date.parse('2026-11-24T07:00:00Z'));
    await deliver();
    expect(campaignMails()).toHaveLength(2);
  });

  it('sends nothing to the held-out half of an A/B test', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => mailableCustomer()));
    const id = await launch({ abTesting: true });
    // The split is random per customer: eight can all fall on one side (1 in 128), so more join until both
    // halves have someone, and the test always proves that the held-out half is left out.
    const sides = () => new Set(customers.map((c) => isHeldOut(id, c.customerId))).size;
    while (sides() < 2 && customers.length < 64) customers.push(await mailableCustomer());
    await deliver();
    const messaged = customers.filter((c) => !isHeldOut(id, c.customerId)).map((c) => c.email).sort();
    expect(messaged.length).toBeLessThan(customers.length);
    expect(messaged.length).toBeGreaterThan(0);
    expect(campaignMails().map((mail) => mail.to).sort()).toEqual(messaged);
  });

  it('sends nothing to a customer who turned the store\'s campaign messages off on the card page, and the form\'s reach leaves them out', async () => {
    const customer = await mailableCustomer();
    const reachBefore = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/audience`, headers: store.auth })).json();
    expect(reachBefore.reach.all).toEqual({ email: 1, pass: 0, push: 0 });
    const cardId = await onlyCardOf(t, customer.credential);
    const off = await t.app.inject({ method: 'PUT', url: `/api/customer/cards/${cardId}/campaign-messages`, headers: asCustomer(customer.credential), payload: { enabled: false }, remoteAddress: freshCustomerAddress() });
    expect(off.json()).toEqual({ enabled: false });
    const reachAfter = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/audience`, headers: store.auth })).json();
    expect(reachAfter.reach.all).toEqual({ email: 0, pass: 0, push: 0 });
    await launch();
    await deliver();
    expect(campaignMails()).toHaveLength(0);
  });

  it('retries while the mail server is down without holding up a stamp, and gives up after 24 hours', async () => {
    const customer = await mailableCustomer();
    smtpDown = true;
    await launch();
    await deliver();
    expect((await rows())[0].delivery).toEqual({ sent: 0, waiting: 1, failed: 0 });
    const stamp = await scan(t, dynamicToken(t, store.id), { credential: customer.credential, remoteAddress: freshCustomerAddress() });
    expect(stamp.statusCode).toBe(200);
    for (let waited = 0; waited <= 25 * HOUR; waited += 30 * 60_000) {
      t.clock.advance(30 * 60_000);
      await runner().runOnce();
    }
    expect(campaignMails()).toHaveLength(0);
    expect((await rows())[0].delivery).toEqual({ sent: 0, waiting: 0, failed: 1 });
  });

  it('sends a message the mail server refused once, on a later try, and only once', async () => {
    await mailableCustomer();
    smtpDown = true;
    await launch();
    await deliver();
    smtpDown = false;
  diesAfterAccept = undefined;
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(10 * 60_000);
      await deliver();
    }
    expect(campaignMails()).toHaveLength(1);
    expect((await rows())[0].delivery).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });

  it('a server that dies after the mail server took a message: the server taking over its lease sends it again with the same Message-ID, and it counts once', async () => {
    await mailableCustomer();
    await launch();
    await planCampaignMessages(t.deps, campaignChannels(t.deps));
    let revive = () => undefined as void;
    diesAfterAccept = new Promise<void>((resolve) => {
      revive = resolve;
    });
    const dying = runner('server-a').runOnce();
    for (let turn = 0; turn < 20_000 && campaignMails().length === 0; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(campaignMails()).toHaveLength(1);
    diesAfterAccept = undefined;
    // The dead server's lease (60 s) runs out; the other server takes the job over.
    t.clock.advance(61_000);
    await runner('server-b').runOnce();
    revive();
    await dying;
    const [first, again] = campaignMails();
    expect(again).toBeDefined();
    expect(first.messageId).toMatch(/^<campaign\.[A-Za-z0-9_-]{32}@stampwise\.test>$/);
    expect(again.messageId).toBe(first.messageId);
    expect((await rows())[0].delivery).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });
});

describe('a send beside the stamps', () => {
  /** Turns of the event loop enough for a plan or a send of two messages to finish when nothing holds it up. */
  const manyTurns = async () => {
    for (let turn = 0; turn < 200; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  const plannedCount = async () => (await t.db.kysely.selectFrom('campaign_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('plans no message while a request is being answered, and all of them once its answer is out', async () => {
    await Promise.all([mailableCustomer(), mailableCustomer()]);
    await launch();
    const requests = createRequestsInFlight();
    const stamp = {};
    requests.started(stamp);
    const plan = planCampaignMessages({ ...t.deps, requestsInFlight: requests }, campaignChannels(t.deps));
    await manyTurns();
    expect(Number(await plannedCount())).toBe(0);
    requests.finished(stamp);
    expect(await plan).toBe(2);
  });

  it('sends no message while a request is being answered, and each one once its answer is out', async () => {
    await Promise.all([mailableCustomer(), mailableCustomer()]);
    await launch();
    await planCampaignMessages(t.deps, campaignChannels(t.deps));
    const requests = createRequestsInFlight();
    const sending = createJobRunner({
      db: t.db,
      handlers: campaignDeliveryJobHandlers(t.deps, campaignChannels(t.deps)),
      owner: 'server-a',
      now: t.clock.now,
      maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS,
      backoff: CAMPAIGN_JOB_BACKOFF,
      ...campaignRunnerPace(t.db.dialect, requests),
    });
    runners.push(sending);
    const stamp = {};
    requests.started(stamp);
    const run = sending.runOnce();
    await manyTurns();
    expect(campaignMails()).toHaveLength(0);
    requests.finished(stamp);
    expect(await run).toBe(2);
    expect(campaignMails()).toHaveLength(2);
  });
});

describe('a big plan, written in chunks', () => {
  it('a plan stopped between chunks (its server died) is finished by the next run: every customer gets the message once, none twice, none left out', async () => {
    const customers = await mailableCards(t, store.id, 120);
    await launch();
    const planned = async () => t.db.kysely.selectFrom('campaign_messages').select(['customer_id', 'channel', 'period']).execute();
    // The first server takes its turns until its first chunk is written, then never gets another: it died there.
    let died: () => void = () => undefined;
    const hasDied = new Promise<void>((resolve) => (died = resolve));
    const dying: RequestsInFlight = {
      ...createRequestsInFlight(),
      quietSteps: () => async () => {
        if ((await planned()).length === 0) return;
        died();
        await new Promise<never>(() => undefined);
      },
    };
    void planCampaignMessages({ ...t.deps, requestsInFlight: dying }, campaignChannels(t.deps));
    await hasDied;
    const firstChunk = (await planned()).length;
    expect(firstChunk).toBeGreaterThan(0);
    expect(firstChunk).toBeLessThan(customers.length);

    expect(await planCampaignMessages(t.deps, campaignChannels(t.deps))).toBe(customers.length - firstChunk);
    const rows = await planned();
    expect(rows.map((row) => row.customer_id).sort()).toEqual([...customers].sort());
    const keys = await t.db.kysely.selectFrom('jobs').select('idempotency_key').where('kind', '=', 'campaign-message.send').execute();
    expect(new Set(keys.map((key) => key.idempotency_key)).size).toBe(customers.length);
    expect(keys).toHaveLength(customers.length);

    const sending = runner();
    while ((await sending.runOnce()) > 0);
    const mailedTo = campaignMails().map((mail) => mail.to);
    expect(mailedTo.sort()).toEqual(customers.map((id) => `${id}@example.com`).sort());
  });
});
