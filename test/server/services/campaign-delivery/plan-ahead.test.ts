// A campaign's plan written just ahead of its sends (CAMPAIGN_PLAN_RATE): a run writes one window and queues
// the next for when the sends have had time for it, the campaigns table counts the messages not yet written
// as waiting from the first run on, every reachable customer is planned once in the end, a second run (another
// server) while the plan is under way writes nothing, and a pause stops the planning until the resume. Runs on
// SQLite and (with DATABASE_URL) PostgreSQL.
import type { CampaignRow } from '../../../../src/api/contract/campaigns';
import type { Config } from '../../../../server/config';
import { createJobRunner, type JobRunner } from '../../../../server/infra/jobs';
import { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, CAMPAIGN_PLAN_JOB, campaignChannels, campaignDeliveryJobHandlers, planCampaignMessages } from '../../../../server/services/campaign-delivery';
import { campaignInput, launchCampaign, mailableCards, rewardStore, DAY, type TestStore } from '../../factories';
import { buildTestApp, type TestApp } from '../../helpers';

/** Messages planned a second: with chunks of 3, a window is 3 messages, due a second after the one before. */
const RATE = 3;
const SIZES = { pageSize: 4, chunkSize: 3 };
let t: TestApp;
let store: TestStore;
const runners: JobRunner[] = [];

beforeEach(async () => {
  t = await buildTestApp({ config: { campaignPlanRate: RATE } as Config });
  store = await rewardStore(t, 'Café Luna');
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await t.close();
});

/** A server's campaign runner for the plan's jobs alone (the send jobs, due at once, are left waiting). */
function runner(owner = 'server-a'): JobRunner {
  const handlers = { [CAMPAIGN_PLAN_JOB]: campaignDeliveryJobHandlers(t.deps, campaignChannels(t.deps), SIZES)[CAMPAIGN_PLAN_JOB]! };
  const created = createJobRunner({ db: t.db, handlers, owner, now: t.clock.now, random: () => 1, maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS, backoff: CAMPAIGN_JOB_BACKOFF, batchSize: 1 });
  runners.push(created);
  return created;
}

const launch = (): Promise<string> => launchCampaign(t, store, campaignInput(t, { endDateTime: new Date(t.clock.now() + 14 * DAY).toISOString() }));
const plannedCustomers = async () => (await t.db.kysely.selectFrom('campaign_messages').select('customer_id').execute()).map((row) => row.customer_id).sort();
const queuedWindows = () => t.db.kysely.selectFrom('jobs').select(['run_after', 'payload']).where('kind', '=', CAMPAIGN_PLAN_JOB).where('state', '=', 'queued').where('coalesce_key', 'like', `${CAMPAIGN_PLAN_JOB}:window:%`).execute();
const row = async (): Promise<CampaignRow> => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}`, headers: store.auth })).json<{ campaigns: CampaignRow[] }>().campaigns[0];
/** The regular run (every few minutes on a server), as the campaign runner's plan job runs it. */
const regularRun = () => planCampaignMessages(t.deps, campaignChannels(t.deps), SIZES, { rate: RATE });

/** Runs the queued windows one after the other, each at its time; answers how many ran. */
async function runWindows(): Promise<number> {
  let ran = 0;
  for (let [next] = await queuedWindows(); next; [next] = await queuedWindows()) {
    t.clock.set(Number(next.run_after));
    expect(await runner().runOnce()).toBe(1);
    ran += 1;
  }
  return ran;
}

it('writes a window of the plan at a time, each queued a window\'s sending time after the one before; the table counts the whole audience from the first run on, and every customer is planned once', async () => {
  const customers = (await mailableCards(t, store.id, 10)).sort();
  const id = await launch();
  const launchedAt = t.clock.now();

  expect(await regularRun()).toBe(RATE);
  expect(await plannedCustomers()).toHaveLength(RATE);
  // The table shows what the campaign is planned for, not the rows written so far.
  expect((await row()).delivery).toEqual({ sent: 0, waiting: 10, failed: 0 });
  const [window] = await queuedWindows();
  expect(JSON.parse(window.payload)).toEqual({ campaignId: id });
  expect(Number(window.run_after)).toBe(launchedAt + 1000);

  // 7 messages left, 3 a window at most (the store's other card holders, not reachable, may end one early).
  expect(await runWindows()).toBeGreaterThanOrEqual(3);
  expect(await plannedCustomers()).toEqual(customers);
  expect((await row()).delivery).toEqual({ sent: 0, waiting: 10, failed: 0 });
  expect(await queuedWindows()).toEqual([]);
  // The next regular run finds everything planned.
  expect(await regularRun()).toBe(0);
  expect(await queuedWindows()).toEqual([]);
});

it('a second run while the plan is under way (another server) writes nothing and queues no second window', async () => {
  await mailableCards(t, store.id, 10);
  await launch();
  expect(await regularRun()).toBe(RATE);
  expect(await regularRun()).toBe(0);
  expect(await queuedWindows()).toHaveLength(1);
  expect(await plannedCustomers()).toHaveLength(RATE);
});

it('a pause stops the planning (nothing more is written or counted as waiting); the resume plans the rest, each customer once', async () => {
  const customers = (await mailableCards(t, store.id, 10)).sort();
  const id = await launch();
  expect(await regularRun()).toBe(RATE);
  const pause = await t.app.inject({ method: 'POST', url: `/api/campaigns/${store.id}/${id}/pause`, headers: store.auth });
  expect(pause.statusCode).toBe(200);

  expect(await runWindows()).toBe(1);
  expect(await plannedCustomers()).toHaveLength(RATE);
  expect((await row()).delivery).toEqual({ sent: 0, waiting: RATE, failed: 0 });

  const resume = await t.app.inject({ method: 'POST', url: `/api/campaigns/${store.id}/${id}/resume`, headers: store.auth });
  expect(resume.statusCode).toBe(200);
  // The run queued by the resume (2 s later) starts from the first customer again and skips those planned.
  t.clock.advance(2000);
  expect(await runner().runOnce()).toBe(1);
  expect(await plannedCustomers()).toHaveLength(2 * RATE);
  expect((await row()).delivery).toEqual({ sent: 0, waiting: 10, failed: 0 });
  await runWindows();
  expect(await plannedCustomers()).toEqual(customers);
});

it('a window whose server died before it was done is run again by the next server, and no customer is planned twice', async () => {
  const customers = (await mailableCards(t, store.id, 10)).sort();
  await launch();
  expect(await regularRun()).toBe(RATE);
  const [window] = await queuedWindows();
  t.clock.set(Number(window.run_after));
  // Server A takes the window and dies before it is done: its job stays leased to A until the lease runs out.
  await t.db.kysely.updateTable('jobs').set({ state: 'running', lease_owner: 'server-a', lease_expires_at: t.clock.now() + 60_000 }).where('kind', '=', CAMPAIGN_PLAN_JOB).where('state', '=', 'queued').execute();
  t.clock.advance(61_000);
  expect(await runner('server-b').runOnce()).toBe(1);
  await runWindows();
  expect(await plannedCustomers()).toEqual(customers);
});

it("a daily campaign whose day changes between two windows of its plan: the old day's plan stops, the new day's is written for every customer, and each gets one message that morning", async () => {
  // 23:59:56 at the store (on UTC: it chose no time zone). Windows of 3 a second: the fifth falls on the next day.
  t.clock.set(Date.parse('2026-11-22T23:59:56Z'));
  const customers = (await mailableCards(t, store.id, 13)).sort();
  await launchCampaign(t, store, campaignInput(t, { notificationFrequency: 'daily', endDateTime: new Date(t.clock.now() + 14 * DAY).toISOString() }));
  // The regular runs are this test's own (23:59:56 and 00:05, a server busy at midnight): not the launch's queued one.
  await t.db.kysely.deleteFrom('jobs').where('kind', '=', CAMPAIGN_PLAN_JOB).where('coalesce_key', 'not like', `${CAMPAIGN_PLAN_JOB}:window:%`).execute();
  const plannedOn = async (period: number) => (await t.db.kysely.selectFrom('campaign_messages').select('customer_id').where('period', '=', period).execute()).map((r) => r.customer_id).sort();

  expect(await regularRun()).toBe(RATE);
  await runWindows();
  // The day ended with 12 of its 13 messages written: the one it did not write is no longer counted as waiting.
  expect(await plannedOn(0)).toHaveLength(4 * RATE);
  expect((await row()).delivery).toEqual({ sent: 0, waiting: 4 * RATE, failed: 0 });
  // The next regular run, a few minutes into the new day, plans that day for everyone.
  t.clock.set(Date.parse('2026-11-23T00:05:00Z'));
  await regularRun();
  await runWindows();
  expect(await plannedOn(1)).toEqual(customers);
  expect(await queuedWindows()).toEqual([]);

  // 08:00, the end of the quiet hours: the sends.
  t.clock.set(Date.parse('2026-11-23T08:00:00Z'));
  const sends = createJobRunner({ db: t.db, handlers: campaignDeliveryJobHandlers(t.deps, campaignChannels(t.deps), SIZES), owner: 'server-a', now: t.clock.now, random: () => 1, maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS, backoff: CAMPAIGN_JOB_BACKOFF });
  runners.push(sends);
  for (let round = 0; round < 100 && (await sends.runOnce()) > 0; round += 1);
  const mailed = t.mailer.sent.filter((mail) => mail.headers?.['List-Unsubscribe']).map((mail) => mail.to);
  // One message each that morning: yesterday's, still waiting, does not go out beside today's.
  expect(mailed.sort()).toEqual(customers.map((id) => `${id}@example.com`).sort());
  expect((await row()).delivery).toEqual({ sent: 13, waiting: 0, failed: 0 });
});
