// Campaign mail through a real SMTP conversation with a relay on 127.0.0.1 that is slow, or silent, once it
// has the whole message: a relay that delivers and answers late must not make a customer get the mail twice.
// The mailer's waits are shortened (its silence limit 10 s → 300 ms, its wait after the message a minute → 3 s).
import type { Config } from '../../../../server/config';
import { createJobRunner } from '../../../../server/infra/jobs';
import { createMailer } from '../../../../server/infra/mailer';
import { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, campaignChannels, campaignDeliveryJobHandlers, planCampaignMessages } from '../../../../server/services/campaign-delivery';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../support/fake-smtp';
import { campaignInput, launchCampaign, mailableCards, rewardStore, type TestStore } from '../../factories';
import { buildTestApp, type TestApp } from '../../helpers';

const DAY = 86_400_000;
let t: TestApp;
let relay: FakeSmtpServer;
let store: TestStore;

afterEach(async () => {
  await t?.close();
  await relay?.close();
});

async function setUp(replyAfterMessage: (n: number) => number | 'never'): Promise<string> {
  relay = await startFakeSmtpServer({ replyAfterMessage });
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } as Config });
  store = await rewardStore(t, 'Café Luna');
  const [customer] = await mailableCards(t, store.id, 1);
  t.deps.mailer = createMailer({ smtpUrl: relay.url, from: 'Café Luna <offers@stampwise.test>', outboxDir: '/nonexistent', timeouts: { connectionTimeout: 1000, greetingTimeout: 1000, socketTimeout: 300, afterData: 3000 } });
  await launchCampaign(t, store, campaignInput(t, { endDateTime: new Date(t.clock.now() + 14 * DAY).toISOString(), budget: 50 }));
  return `${customer}@example.com`;
}

async function deliver(): Promise<void> {
  await planCampaignMessages(t.deps, campaignChannels(t.deps));
  const runner = createJobRunner({ db: t.db, handlers: campaignDeliveryJobHandlers(t.deps, campaignChannels(t.deps)), owner: 'server-a', now: t.clock.now, random: () => 1, maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS, backoff: CAMPAIGN_JOB_BACKOFF });
  await runner.runOnce();
  await runner.stop();
}

const emailMessage = () => t.db.kysely.selectFrom('campaign_messages').select(['state', 'last_error', 'outcome_unknown_at']).where('channel', '=', 'email').executeTakeFirstOrThrow();

test('a relay that answers a second after it has the message (past the 10-s-style silence limit) is waited for: one mail, settled sent, not tried again', async () => {
  const to = await setUp(() => 1000);
  await deliver();
  expect(await emailMessage()).toMatchObject({ state: 'sent', outcome_unknown_at: null });
  t.clock.advance(DAY);
  await deliver();
  expect(relay.mails.filter((mail) => mail.to === to)).toHaveLength(1);
});

test('a relay silent after the message, twice: sent again once under the same Message-ID, then settled as sent with its outcome unknown, never a third time', async () => {
  const to = await setUp(() => 'never');
  await deliver();
  const first = await emailMessage();
  expect(first.state).toBe('waiting');
  expect(first.outcome_unknown_at).toBe(t.clock.now());
  expect(first.last_error).toMatch(/^outcome unknown/);
  t.clock.advance(31_000);
  await deliver();
  const second = await emailMessage();
  expect(second.state).toBe('sent');
  expect(second.last_error).toMatch(/^outcome unknown twice, not sent again/);
  t.clock.advance(DAY);
  await deliver();
  const copies = relay.mails.filter((mail) => mail.to === to);
  expect(copies).toHaveLength(2);
  expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
});

test('after one unknown outcome a retry the relay answers settles it: two copies under one Message-ID at most', async () => {
  const to = await setUp((n) => (n === 0 ? 'never' : 0));
  await deliver();
  t.clock.advance(31_000);
  await deliver();
  expect(await emailMessage()).toMatchObject({ state: 'sent' });
  expect(new Set(relay.mails.filter((mail) => mail.to === to).map((mail) => mail.messageId)).size).toBe(1);
});
