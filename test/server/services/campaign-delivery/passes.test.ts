// Campaign messages on wallet passes, against the local fakes of Apple's push service and Google's
// Wallet API: Apple gets a back field whose changeMessage puts the campaign on the lock screen and a push
// to the phone; Google gets a message with a notification on the card's object. Both say how to stop them.
import { jwtVerify } from 'jose';
import type { CampaignInput, CampaignRow } from '../../../../src/api/contract/campaigns';
import { loadConfig, type ApplePassConfig, type Config } from '../../../../server/config';
import { createApnsClient, type ApnsClient } from '../../../../server/infra/apns';
import { createJobRunner } from '../../../../server/infra/jobs';
import { APPLE_PASS_PUSH_JOB, applePassPushHandler } from '../../../../server/services/apple-pass-updates';
import { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, campaignChannels, campaignDeliveryJobHandlers, planCampaignMessages } from '../../../../server/services/campaign-delivery';
import { startFakeApns, type FakeApns } from '../../../support/fake-apns';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../../../support/fake-google-wallet';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../../apple-certificates';
import {
  asCustomer,
  buildCustomerTestApp,
  buildGoogleWalletTestApp,
  campaignInput,
  downloadApplePass,
  freshCustomerAddress,
  newCustomer,
  onlyCardOf,
  registerPassDevice,
  rewardStore,
  type TestStore,
} from '../../factories';
import type { TestApp } from '../../helpers';

let t: TestApp;
let store: TestStore;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function campaign(): CampaignInput {
  return campaignInput(t, { campaignTitle: 'Double Stamp Monday', campaignDescription: 'Two stamps for every coffee today.', promotionType: 'bonus-stamps', budget: 50 });
}

async function launchAndDeliver(extraHandlers: Parameters<typeof createJobRunner>[0]['handlers'] = {}): Promise<void> {
  expect((await t.app.inject({ method: 'POST', url: `/api/campaigns/${store.id}`, headers: store.auth, payload: campaign() })).statusCode).toBe(201);
  const channels = campaignChannels(t.deps);
  const runner = createJobRunner({
    db: t.db,
    handlers: { ...campaignDeliveryJobHandlers(t.deps, channels), ...extraHandlers },
    owner: 'server-a',
    now: t.clock.now,
    random: () => 1,
    maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS,
    backoff: CAMPAIGN_JOB_BACKOFF,
  });
  closers.push(() => runner.stop());
  await planCampaignMessages(t.deps, channels);
  await runner.runOnce();
  await runner.runOnce();
}

const delivery = async () => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}`, headers: store.auth })).json<{ campaigns: CampaignRow[] }>().campaigns[0]!.delivery;

describe('Apple Wallet', () => {
  let certs: TestAppleCertificates;
  let applePass: ApplePassConfig;
  beforeAll(() => {
    certs = makeTestAppleCertificates();
    applePass = loadConfig(certs.env).applePass!;
  });
  afterAll(() => certs.remove());

  it('puts the campaign on the pass (a back field with changeMessage) and pushes the phone to fetch it', async () => {
    const fakeApns: FakeApns = await startFakeApns();
    closers.push(() => fakeApns.close());
    t = await buildCustomerTestApp({ applePass: { ...applePass, apnsUrl: fakeApns.url } });
    closers.push(() => t.close());
    const apns: ApnsClient = createApnsClient({ url: fakeApns.url, topic: applePass.passTypeId, cert: applePass.signerCert, key: applePass.signerKey, timeoutMs: 500 });
    closers.push(() => apns.close());
    store = await rewardStore(t, 'Café Luna');
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    const cardId = await onlyCardOf(t, credential);
    const before = await downloadApplePass(t, credential, cardId);
    expect((await registerPassDevice(t, before, 'a1b2c3d4e5f60718293a4b5c6d7e8f90', 'f00d'.repeat(16))).statusCode).toBe(201);
    expect(before.json.storeCard.backFields!.some((field) => field.key === 'campaign')).toBe(false);

    await launchAndDeliver({ [APPLE_PASS_PUSH_JOB]: applePassPushHandler(t.deps, apns) });

    expect(fakeApns.delivered).toHaveLength(1);
    const after = await downloadApplePass(t, credential, cardId);
    const back = after.json.storeCard.backFields!;
    expect(back[0]).toEqual({ key: 'campaign', label: 'News from Café Luna', value: 'Double Stamp Monday\nTwo stamps for every coffee today.', changeMessage: '%@' });
    expect(back[1]!.value).toBe('To stop these messages, turn off "Campaign messages" on your card page.');
    expect(await delivery()).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });
});

describe('Google Wallet', () => {
  it('adds a message with a notification to the card\'s object, saying how to stop them', async () => {
    const fake: FakeGoogleWallet = await startFakeGoogleWallet();
    closers.push(() => fake.close());
    t = await buildGoogleWalletTestApp(fake, {} as Partial<Config>);
    closers.push(() => t.close());
    store = await rewardStore(t, 'Café Luna');
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    const cardId = await onlyCardOf(t, credential);
    const pass = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/google-pass`, headers: asCustomer(credential) });
    const { payload } = await jwtVerify(pass.json<{ saveUrl: string }>().saveUrl.split('/').pop()!, fake.publicKey);
    const objectId = (payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;

    await launchAndDeliver();

    const patch = fake.calls.filter((call) => call.method === 'PATCH' && call.path === `/loyaltyObject/${objectId}`).pop();
    expect(patch?.body).toEqual({
      messages: [
        {
          id: expect.stringMatching(/^campaign-/),
          header: 'Double Stamp Monday',
          body: 'Two stamps for every coffee today.\n\nTo stop these messages, turn off "Campaign messages" on your card page.',
          messageType: 'TEXT_AND_NOTIFY',
        },
      ],
    });
    expect(await delivery()).toEqual({ sent: 1, waiting: 0, failed: 0 });
  });

  it('tries again later when Google answers 503, and counts the message sent once it goes through', async () => {
    const fake: FakeGoogleWallet = await startFakeGoogleWallet();
    closers.push(() => fake.close());
    t = await buildGoogleWalletTestApp(fake, {} as Partial<Config>);
    closers.push(() => t.close());
    store = await rewardStore(t, 'Café Luna');
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    const cardId = await onlyCardOf(t, credential);
    await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/google-pass`, headers: asCustomer(credential) });
    fake.failNext(503);
    await launchAndDeliver();
    expect(await delivery()).toEqual({ sent: 0, waiting: 1, failed: 0 });
    t.clock.advance(60_000);
    await runSendsAgain();
    expect(await delivery()).toEqual({ sent: 1, waiting: 0, failed: 0 });
    const campaignPatches = fake.calls.filter((call) => call.method === 'PATCH' && JSON.stringify(call.body).includes('TEXT_AND_NOTIFY'));
    expect(campaignPatches.length).toBe(2);
  });
});

async function runSendsAgain(): Promise<void> {
  const runner = createJobRunner({ db: t.db, handlers: campaignDeliveryJobHandlers(t.deps, campaignChannels(t.deps)), owner: 'server-b', now: t.clock.now, random: () => 1 });
  closers.push(() => runner.stop());
  await runner.runOnce();
}
