// Pushes to phones holding a card's Apple Wallet pass: each change to the card queues one in the
// change's transaction, the queue sends it to APNs (a local fake, over cleartext HTTP/2) after the
// commit, a burst gives one push per phone per window, 410 forgets the phone, and a push APNs fails
// or never answers is sent again later — once.
import { loadConfig, type ApplePassConfig } from '../../../server/config';
import { createApnsClient, type ApnsClient } from '../../../server/infra/apns';
import { createJobRunner, type JobRunner } from '../../../server/infra/jobs';
import { APPLE_PASS_PUSH_JOB, APPLE_PUSH_WINDOW_MS, applePassPushHandler } from '../../../server/services/apple-pass-updates';
import { startFakeApns, type FakeApns } from '../../support/fake-apns';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../apple-certificates';
import {
  buildCustomerTestApp,
  claim,
  createStore,
  customerWithStamps,
  handOver,
  REWARD_STAMPS,
  rewardStore,
  downloadApplePass,
  dynamicToken,
  freshCustomerAddress,
  newCustomer,
  onlyCardOf,
  registerPassDevice,
  scan,
  setReward,
} from '../factories';
import type { TestApp } from '../helpers';
import { expireOverdueClaims } from '../../../server/services/handover';

let certs: TestAppleCertificates;
let applePass: ApplePassConfig;
let t: TestApp;
let fakeApns: FakeApns;
let apns: ApnsClient;
let jobs: JobRunner;

const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PUSH_TOKEN = 'f00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeed';

beforeAll(() => {
  certs = makeTestAppleCertificates();
  applePass = loadConfig(certs.env).applePass!;
});
afterAll(() => certs.remove());

beforeEach(async () => {
  fakeApns = await startFakeApns();
  t = await buildCustomerTestApp({ applePass: { ...applePass, apnsUrl: fakeApns.url }, stampCooldownMinutes: 0 });
  // Long enough for the fake's answer on a loaded machine (at 200 ms, pushes timed out under load).
  apns = apnsClient(2000);
  jobs = pushRunner(apns);
});

const apnsClient = (timeoutMs: number): ApnsClient =>
  createApnsClient({ url: fakeApns.url, topic: applePass.passTypeId, cert: applePass.signerCert, key: applePass.signerKey, timeoutMs, now: t.clock.now });
const pushRunner = (client: ApnsClient, concurrency?: number): JobRunner =>
  createJobRunner({ db: t.db, handlers: { [APPLE_PASS_PUSH_JOB]: applePassPushHandler(t.deps, client) }, owner: 'server-a', now: t.clock.now, random: () => 1, concurrency });

afterEach(async () => {
  await jobs.stop();
  await apns.close();
  await t.close();
  await fakeApns.close();
});

interface Phone {
  storeId: string;
  credential: string;
  address: string;
}

async function customerWithPassOnPhone(register = true, device = { id: DEVICE, pushToken: PUSH_TOKEN }): Promise<Phone> {
  const store = await createStore(t, { company: 'Café Luna' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const address = freshCustomerAddress();
  const credential = await newCustomer(t, store.id, address);
  const pass = await downloadApplePass(t, credential, await onlyCardOf(t, credential));
  if (register) expect((await registerPassDevice(t, pass, device.id, device.pushToken)).statusCode).toBe(201);
  return { storeId: store.id, credential, address };
}

async function stamp(phone: Phone, afterMs = 100): Promise<void> {
  t.clock.advance(afterMs);
  const response = await scan(t, dynamicToken(t, phone.storeId), { credential: phone.credential, remoteAddress: phone.address });
  expect(response.statusCode).toBe(200);
}

const queuedPushes = () => t.db.kysely.selectFrom('jobs').select(['state', 'attempts']).where('kind', '=', APPLE_PASS_PUSH_JOB).execute();

test('a stamp pushes to the phone holding the pass, with the pass type as topic; a card on no phone queues nothing', async () => {
  const phone = await customerWithPassOnPhone();
  await stamp(phone);
  expect(await jobs.runOnce()).toBe(1);
  expect(fakeApns.delivered).toEqual([expect.objectContaining({ token: PUSH_TOKEN, topic: 'pass.test.stampwise', body: '{}' })]);
  expect(await jobs.runOnce()).toBe(0);

  await t.db.kysely.deleteFrom('jobs').execute();
  const notOnAPhone = await customerWithPassOnPhone(false);
  await stamp(notOnAPhone);
  expect(await queuedPushes()).toEqual([]);
});

test('a burst of changes gives one push per window: the first at once, the rest folded into one after the window', async () => {
  const phone = await customerWithPassOnPhone();
  await stamp(phone);
  expect(await jobs.runOnce()).toBe(1);
  for (let i = 0; i < 5; i += 1) await stamp(phone);
  // Within the window nothing more goes out...
  expect(await jobs.runOnce()).toBe(0);
  expect((await queuedPushes()).filter((job) => job.state === 'queued')).toHaveLength(1);
  // ...and once it has passed, one push carries all five stamps.
  t.clock.advance(APPLE_PUSH_WINDOW_MS);
  expect(await jobs.runOnce()).toBe(1);
  expect(fakeApns.delivered).toHaveLength(2);
  expect(fakeApns.delivered[1]!.token).toBe(PUSH_TOKEN);
});

test('APNs 410 forgets the phone: its registration goes and later stamps push nothing', async () => {
  const phone = await customerWithPassOnPhone();
  fakeApns.answer = () => ({ status: 410, reason: 'Unregistered' });
  await stamp(phone);
  await jobs.runOnce();
  expect(fakeApns.received).toHaveLength(1);
  expect(await t.db.kysely.selectFrom('apple_pass_registrations').selectAll().execute()).toEqual([]);
  expect(await t.db.kysely.selectFrom('apple_pass_devices').selectAll().execute()).toEqual([]);
  expect(await queuedPushes()).toEqual([expect.objectContaining({ state: 'done' })]);
  await stamp(phone, APPLE_PUSH_WINDOW_MS);
  expect(await queuedPushes()).toHaveLength(1);
});

test('APNs 400 BadDeviceToken forgets the phone too, and the push is not tried again', async () => {
  const phone = await customerWithPassOnPhone();
  fakeApns.answer = () => ({ status: 400, reason: 'BadDeviceToken' });
  await stamp(phone);
  await jobs.runOnce();
  expect(await t.db.kysely.selectFrom('apple_pass_devices').selectAll().execute()).toEqual([]);
  expect(await queuedPushes()).toEqual([expect.objectContaining({ state: 'done' })]);
  t.clock.advance(60 * 60_000);
  expect(await jobs.runOnce()).toBe(0);
  expect(fakeApns.received).toHaveLength(1);
});

test("APNs answering 429 with Retry-After: 120 is asked again no sooner, and no other phone's push goes to it before then either", async () => {
  const first = await customerWithPassOnPhone();
  const second = await customerWithPassOnPhone(true, { id: 'b2c3d4e5f60718293a4b5c6d7e8f90a1', pushToken: 'beefcafe'.repeat(8) });
  let slowDowns = 1;
  fakeApns.answer = () => (slowDowns-- > 0 ? { status: 429, reason: 'TooManyRequests', headers: { 'retry-after': '120' } } : undefined);
  await stamp(first);
  await stamp(second);
  // One push at a time, as a busy queue sends them: the second comes after APNs asked to slow down.
  const oneAtATime = pushRunner(apns, 1);
  expect(await oneAtATime.runOnce()).toBe(2);
  expect(fakeApns.received).toHaveLength(1);
  expect(await queuedPushes()).toEqual([{ state: 'queued', attempts: 1 }, { state: 'queued', attempts: 1 }]);
  // The queue's own backoff (1 s, then 2 s…) would have sent both again long before.
  t.clock.advance(119_000);
  expect(await oneAtATime.runOnce()).toBe(0);
  expect(fakeApns.received).toHaveLength(1);
  t.clock.advance(1000);
  expect(await oneAtATime.runOnce()).toBe(2);
  expect(fakeApns.delivered.map((push) => push.token).sort()).toEqual([PUSH_TOKEN, 'beefcafe'.repeat(8)].sort());
});

test('APNs answering 500 puts the push back with backoff; it is delivered later, exactly once', async () => {
  const phone = await customerWithPassOnPhone();
  let failures = 2;
  fakeApns.answer = () => (failures-- > 0 ? { status: 500, reason: 'InternalServerError' } : undefined);
  await stamp(phone);
  await jobs.runOnce();
  expect(await queuedPushes()).toEqual([{ state: 'queued', attempts: 1 }]);
  // Not before the backoff (1 s after the first failure, 2 s after the second).
  expect(await jobs.runOnce()).toBe(0);
  t.clock.advance(1000);
  await jobs.runOnce();
  t.clock.advance(2000);
  await jobs.runOnce();
  expect(fakeApns.received).toHaveLength(3);
  expect(fakeApns.delivered).toHaveLength(1);
  expect(await queuedPushes()).toEqual([{ state: 'done', attempts: 3 }]);
  expect(await jobs.runOnce()).toBe(0);
});

test('APNs that never answers times the push out; it is sent again later', async () => {
  const phone = await customerWithPassOnPhone();
  let hangs = 1;
  fakeApns.answer = () => (hangs-- > 0 ? 'hang' : undefined);
  await stamp(phone);
  // The fake holds the push for good, so only the client's own time-out ends the wait: a short one here.
  const impatient = apnsClient(100);
  try {
    await pushRunner(impatient).runOnce();
  } finally {
    await impatient.close();
  }
  expect(fakeApns.delivered).toHaveLength(0);
  expect(await queuedPushes()).toEqual([{ state: 'queued', attempts: 1 }]);
  t.clock.advance(1000);
  await jobs.runOnce();
  expect(fakeApns.delivered).toHaveLength(1);
});

test("a claim, its hand-over and a claim that expired (its stamps back on the card) each push the card's phone", async () => {
  const store = await rewardStore(t);
  const who = await customerWithStamps(t, store.id, REWARD_STAMPS);
  const pass = await downloadApplePass(t, who.credential, who.cardId);
  await registerPassDevice(t, pass, DEVICE, PUSH_TOKEN);
  const pushesAfter = async (change: () => Promise<unknown>) => {
    t.clock.advance(APPLE_PUSH_WINDOW_MS);
    await change();
    await jobs.runOnce();
    return fakeApns.delivered.length;
  };
  let claimId = '';
  expect(await pushesAfter(async () => {
    const response = await claim(t, who);
    claimId = (response.json() as { redemption: { id: string } }).redemption.id;
  })).toBe(1);
  expect(await pushesAfter(() => handOver(t, store, claimId))).toBe(2);
  // A second card's claim, never handed over: when it expires, its stamps go back on the card.
  for (let i = 0; i < REWARD_STAMPS; i += 1) {
    t.clock.advance(1000);
    await scan(t, dynamicToken(t, store.id), { credential: who.credential, remoteAddress: freshCustomerAddress() });
  }
  await jobs.runOnce();
  const before = fakeApns.delivered.length;
  await pushesAfter(() => claim(t, who));
  expect(fakeApns.delivered.length).toBe(before + 1);
  t.clock.advance(t.deps.config.claimExpiryMinutes * 60_000);
  expect(await pushesAfter(() => expireOverdueClaims(t.deps, {}))).toBe(before + 2);
});
