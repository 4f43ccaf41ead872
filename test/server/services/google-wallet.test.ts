// Keeping a saved Google Wallet pass current: every change to the card queues a PATCH in the change's own
// transaction, sent after the commit by the job runner, folded into one per card per window, retried when
// Google is busy, and a deleted wallet's passes are voided. Google here is a fake on 127.0.0.1.
import { jwtVerify } from 'jose';
import { createJobRunner, type JobRunner } from '../../../server/infra/jobs';
import { createGoogleWalletClient } from '../../../server/infra/google-wallet';
import { googleWalletJobHandlers } from '../../../server/services/google-wallet';
import { GOOGLE_WALLET_COALESCE_MS } from '../../../server/services/google-wallet-updates';
import { startFakeGoogleWallet, type FakeGoogleWallet, type RecordedCall } from '../../support/fake-google-wallet';
import { asCustomer, buildGoogleWalletTestApp, createStore, dynamicToken, freshCustomerAddress, googleWalletJobRunner, handOver, newCustomer, saveConfirmedEmail, scan, setReward, type TestStore } from '../factories';
import type { TestApp } from '../helpers';

let fake: FakeGoogleWallet;
let t: TestApp;
let runner: JobRunner;

beforeEach(async () => {
  fake = await startFakeGoogleWallet();
  // No cooldown: one customer can collect several stamps in a test minute.
  t = await buildGoogleWalletTestApp(fake, { stampCooldownMinutes: 0 });
  runner = googleWalletJobRunner(t);
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

interface SavedCard {
  store: TestStore;
  credential: string;
  cardId: string;
  objectId: string;
}

/** A customer with one stamp who tapped "Add to Google Wallet". */
async function savedCard(stamps = 10, language?: string): Promise<SavedCard> {
  const store = await createStore(t, { company: 'Café Luna' });
  await setReward(t, store.id, { stamps, item: 'Flat White' });
  const credential = await newCustomer(t, store.id, freshCustomerAddress());
  const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
  const cardId = (wallet.json() as { cards: { id: string }[] }).cards[0]!.id;
  const headers = { ...asCustomer(credential), ...(language ? { 'accept-language': language } : {}) };
  const pass = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/google-pass`, headers });
  const { payload } = await jwtVerify((pass.json() as { saveUrl: string }).saveUrl.split('/').pop()!, fake.publicKey);
  const objectId = (payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;
  return { store, credential, cardId, objectId };
}

async function stamp(card: SavedCard): Promise<void> {
  t.clock.advance(1000);
  const response = await scan(t, dynamicToken(t, card.store.id), { credential: card.credential });
  expect(response.statusCode).toBe(200);
}

const patchesOf = (objectId: string) => (call: RecordedCall) => call.method === 'PATCH' && call.path === `/loyaltyObject/${objectId}`;
const balanceOf = (call: RecordedCall | undefined) => (call?.body as { loyaltyPoints?: { balance?: { string?: string } } } | undefined)?.loyaltyPoints?.balance?.string;

async function runAfterWindow(): Promise<number> {
  t.clock.advance(GOOGLE_WALLET_COALESCE_MS);
  return runner.runOnce();
}

test('a stamp PATCHes the saved pass with the new balance and message, after the commit and its window', async () => {
  const card = await savedCard();
  await stamp(card);
  // Nothing is sent inside the scan, and nothing before the window in which more changes fold in.
  expect(fake.calls.filter(patchesOf(card.objectId))).toHaveLength(0);
  expect(await runner.runOnce()).toBe(0);
  expect(await runAfterWindow()).toBe(1);
  const [patch] = fake.calls.filter(patchesOf(card.objectId));
  expect(patch).toMatchObject({ status: 200, body: { state: 'ACTIVE', messages: [{ id: 'status', header: 'Your card', body: 'Stamp collected: 2 of 10' }] } });
  expect(balanceOf(patch)).toBe('2 of 10');
  expect(fake.objects.get(card.objectId)).toMatchObject({ loyaltyPoints: { balance: { string: '2 of 10' } } });
});

test('a burst of stamps on one card is one PATCH carrying the latest count', async () => {
  const card = await savedCard();
  for (let i = 0; i < 5; i += 1) await stamp(card);
  expect(await runAfterWindow()).toBe(1);
  const patches = fake.calls.filter(patchesOf(card.objectId));
  expect(patches).toHaveLength(1);
  expect(balanceOf(patches[0])).toBe('6 of 10');
  expect(await runAfterWindow()).toBe(0);
});

test('a card never added to Google Wallet queues nothing when stamped', async () => {
  const store = await createStore(t);
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const credential = await newCustomer(t, store.id, freshCustomerAddress());
  t.clock.advance(1000);
  expect((await scan(t, dynamicToken(t, store.id), { credential })).statusCode).toBe(200);
  expect(await t.db.kysely.selectFrom('jobs').select('id').execute()).toHaveLength(0);
});

test('Google answering 429 is tried again after a backoff: the pass ends current, with one successful PATCH', async () => {
  const card = await savedCard();
  await stamp(card);
  fake.failNext(429);
  expect(await runAfterWindow()).toBe(1);
  expect(fake.calls.filter(patchesOf(card.objectId)).map((call) => call.status)).toEqual([429]);
  // Not again at once: the job waits its backoff (1 s after a first failure).
  expect(await runner.runOnce()).toBe(0);
  t.clock.advance(1000);
  expect(await runner.runOnce()).toBe(1);
  expect(fake.calls.filter(patchesOf(card.objectId)).map((call) => call.status)).toEqual([429, 200]);
  expect(balanceOf(fake.calls.filter(patchesOf(card.objectId))[1])).toBe('2 of 10');
  t.clock.advance(60_000);
  expect(await runner.runOnce()).toBe(0);
});

test("Google answering 429 with Retry-After (an HTTP date) is called again no sooner, for this pass or any other, and the save route answers 503 at once meanwhile", async () => {
  // Holds kept on the test clock, as the queue's waits are (the fake checks tokens against the real one).
  t.deps.googleWallet = createGoogleWalletClient(t.deps.config.googleWallet!, { timeoutMs: 2000, holdClock: t.clock.now });
  runner = googleWalletJobRunner(t);
  const first = await savedCard();
  const second = await savedCard();
  await stamp(first);
  await stamp(second);
  const calls = () => fake.calls.filter((call) => patchesOf(first.objectId)(call) || patchesOf(second.objectId)(call));
  // 120 s on, rounded up to the next whole second (HTTP dates have no finer resolution).
  const retryAt = Math.ceil((t.clock.now() + GOOGLE_WALLET_COALESCE_MS + 120_000) / 1000) * 1000;
  fake.failNext({ status: 429, headers: { 'retry-after': new Date(retryAt).toUTCString() } });
  // Both PATCHes are due; one at a time, so the second comes after Google asked to slow down.
  runner = createJobRunner({ db: t.db, handlers: googleWalletJobHandlers(t.deps), owner: 'test-server', now: t.clock.now, random: () => 1, concurrency: 1 });
  expect(await runAfterWindow()).toBe(2);
  expect(calls().map((call) => call.status)).toEqual([429]);
  const before = fake.calls.length;
  const saving = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${first.cardId}/google-pass`, headers: asCustomer(first.credential) });
  expect(saving.statusCode).toBe(503);
  expect(fake.calls).toHaveLength(before);
  // The queue's backoff alone would have tried again after 1 s.
  t.clock.advance(retryAt - t.clock.now() - 1);
  expect(await runner.runOnce()).toBe(0);
  t.clock.advance(1);
  expect(await runner.runOnce()).toBe(2);
  expect(calls().map((call) => call.status)).toEqual([429, 200, 200]);
});

test('a refused PATCH (400) is not retried: the job is kept as dead with its error', async () => {
  const card = await savedCard();
  await stamp(card);
  fake.failNext(400);
  expect(await runAfterWindow()).toBe(1);
  t.clock.advance(60 * 60_000);
  expect(await runner.runOnce()).toBe(0);
  const [job] = await t.db.kysely.selectFrom('jobs').select(['state', 'last_error']).execute();
  expect(job).toMatchObject({ state: 'dead' });
  expect(job!.last_error).toMatch(/400/);
});

test('a full card says the reward is ready, a claim shows its hand-over code, and the hand-over shows the stamps again', async () => {
  const card = await savedCard(3);
  await stamp(card);
  await stamp(card);
  await runAfterWindow();
  expect(balanceOf(fake.calls.filter(patchesOf(card.objectId)).at(-1))).toBe('Reward ready');
  const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${card.cardId}/claim`, headers: asCustomer(card.credential) });
  expect(claim.statusCode).toBe(200);
  const { id: claimId, code } = (claim.json() as { redemption: { id: string; code: string } }).redemption;
  await runAfterWindow();
  expect(fake.calls.filter(patchesOf(card.objectId)).at(-1)).toMatchObject({ body: { loyaltyPoints: { label: 'Hand-over code', balance: { string: code } } } });
  const given = await handOver(t, card.store, claimId);
  expect(given.statusCode).toBe(200);
  await runAfterWindow();
  expect(fake.calls.filter(patchesOf(card.objectId)).at(-1)).toMatchObject({ body: { loyaltyPoints: { label: 'Stamps', balance: { string: '0 of 3' } } } });
});

test('deleting the wallet voids its Google Wallet pass (INACTIVE, nothing of the card left on it) and forgets the object', async () => {
  const card = await savedCard();
  const deleted = await t.app.inject({ method: 'DELETE', url: '/api/customer/me', headers: asCustomer(card.credential) });
  expect(deleted.statusCode).toBe(200);
  // Voids are not held back by a window: the next run sends it.
  expect(await runner.runOnce()).toBe(1);
  const [voided] = fake.calls.filter(patchesOf(card.objectId));
  expect(voided).toMatchObject({ status: 200, body: { state: 'INACTIVE', loyaltyPoints: { balance: { string: '-' } }, textModulesData: [] } });
  expect(JSON.stringify(voided!.body)).not.toContain('Flat White');
  // The strip showed the count: it goes too.
  expect(voided!.body).toHaveProperty('heroImage', null);
  expect(await t.db.kysely.selectFrom('google_wallet_objects').selectAll().execute()).toHaveLength(0);
});

test('a pass saved from the French page stays French in its updates, its new strip and its voiding, with no request to take a language from', async () => {
  const card = await savedCard(10, 'fr-FR,fr;q=0.9');
  await stamp(card);
  expect(await runAfterWindow()).toBe(1);
  const [patch] = fake.calls.filter(patchesOf(card.objectId));
  expect(balanceOf(patch)).toBe('2 sur 10');
  const body = patch!.body as { messages: { body: string; localizedBody: { translatedValues: { language: string; value: string }[] } }[]; heroImage: { sourceUri: { uri: string } } };
  expect(body.messages[0]!.body).toBe('Tampon obtenu\u00a0: 2 sur 10');
  expect(body.messages[0]!.localizedBody.translatedValues).toContainEqual({ language: 'en', value: 'Stamp collected: 2 of 10' });
  expect(body.heroImage.sourceUri.uri).toMatch(/\/api\/images\/pass-strips\/2-10-[0-9a-f]{32}\.png$/);

  expect((await t.app.inject({ method: 'DELETE', url: '/api/customer/me', headers: asCustomer(card.credential) })).statusCode).toBe(200);
  expect(await runner.runOnce()).toBe(1);
  const voided = fake.calls.filter(patchesOf(card.objectId)).pop();
  expect(voided?.body).toMatchObject({ state: 'INACTIVE', messages: [{ header: 'Carte supprimée' }] });
});

test('a stamp the store removes updates the pass', async () => {
  const card = await savedCard();
  await stamp(card);
  await runAfterWindow();
  const newest = await t.db.kysely.selectFrom('stamp_events').select('id').where('card_id', '=', card.cardId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const removed = await t.app.inject({ method: 'POST', url: `/api/activity/${card.store.id}/stamps/${newest.id}/remove`, headers: card.store.auth, payload: { reason: 'Scanned twice by mistake' } });
  expect(removed.statusCode).toBe(200);
  expect(await runAfterWindow()).toBe(1);
  expect(balanceOf(fake.calls.filter(patchesOf(card.objectId)).at(-1))).toBe('1 of 10');
});

test('a claim not handed over in time gives its stamps back, and the pass shows the reward ready again', async () => {
  const card = await savedCard(2);
  await stamp(card);
  const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${card.cardId}/claim`, headers: asCustomer(card.credential) });
  expect(claim.statusCode).toBe(200);
  await runAfterWindow();
  t.clock.advance(t.deps.config.claimExpiryMinutes * 60_000 + 1000);
  // The wallet's next read settles the overdue claim (as the background sweep would).
  await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(card.credential) });
  expect(await runAfterWindow()).toBe(1);
  expect(balanceOf(fake.calls.filter(patchesOf(card.objectId)).at(-1))).toBe('Reward ready');
});

test('Google having lost the object (404 on PATCH), the job makes it again with the current card', async () => {
  const card = await savedCard();
  fake.objects.delete(card.objectId);
  await stamp(card);
  expect(await runAfterWindow()).toBe(1);
  expect(fake.objects.get(card.objectId)).toMatchObject({ state: 'ACTIVE', loyaltyPoints: { balance: { string: '2 of 10' } } });
});

test("recovering a wallet on a phone merges the phone's card: its pass is voided, and the pass of the card it joined shows both stamps", async () => {
  const kept = await savedCard();
  const email = 'robin@example.com';
  await saveConfirmedEmail(t, kept.credential, email);
  const phone = await newCustomer(t, kept.store.id, freshCustomerAddress());
  const phoneCard = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(phone) })).json() as { cards: { id: string }[] };
  const phonePass = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${phoneCard.cards[0]!.id}/google-pass`, headers: asCustomer(phone) });
  const phoneObjectId = ((await jwtVerify((phonePass.json() as { saveUrl: string }).saveUrl.split('/').pop()!, fake.publicKey)).payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;

  expect((await t.app.inject({ method: 'POST', url: '/api/customer/recover', payload: { email }, headers: asCustomer(phone), remoteAddress: freshCustomerAddress() })).statusCode).toBe(202);
  const token = /\/wallet\/recover\/([A-Za-z0-9_-]{43})$/.exec(t.mailer.last()?.link ?? '')![1]!;
  const recovered = await t.app.inject({ method: 'POST', url: `/api/customer/recover/${token}`, headers: asCustomer(phone), remoteAddress: freshCustomerAddress() });
  expect(recovered.statusCode).toBe(200);

  expect(await runAfterWindow()).toBe(2);
  expect(fake.calls.filter(patchesOf(phoneObjectId))).toEqual([expect.objectContaining({ status: 200, body: expect.objectContaining({ state: 'INACTIVE' }) })]);
  expect(balanceOf(fake.calls.filter(patchesOf(kept.objectId)).at(-1))).toBe('2 of 10');
});

test('Google not answering at all: the PATCH gives up at its timeout and is tried again later, and scans go on meanwhile', async () => {
  const card = await savedCard();
  await stamp(card);
  fake.hang = true;
  t.clock.advance(GOOGLE_WALLET_COALESCE_MS);
  // The runner counts the job as run (and failed): the client stopped waiting after its timeout. The fake holds
  // the request for good, so only that time-out ends the wait: a short one here.
  const impatient = googleWalletJobRunner({ ...t, deps: { ...t.deps, googleWallet: createGoogleWalletClient(t.deps.config.googleWallet!, { timeoutMs: 100 }) } });
  expect(await impatient.runOnce()).toBe(1);
  const [job] = await t.db.kysely.selectFrom('jobs').select(['state', 'attempts', 'last_error']).execute();
  expect(job).toMatchObject({ state: 'queued', attempts: 1 });
  expect(job!.last_error).toMatch(/no answer/);
  await stamp(card);
  fake.hang = false;
  t.clock.advance(60_000);
  expect(await runner.runOnce()).toBe(1);
  expect(balanceOf(fake.calls.filter(patchesOf(card.objectId)).at(-1))).toBe('3 of 10');
});

test('two servers running the queue at once send one PATCH for a change, never two', async () => {
  const card = await savedCard();
  await stamp(card);
  const other = createJobRunner({ db: t.db, handlers: googleWalletJobHandlers(t.deps), owner: 'other-server', now: t.clock.now });
  t.clock.advance(GOOGLE_WALLET_COALESCE_MS);
  const ran = await Promise.all([runner.runOnce(), other.runOnce()]);
  expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
  expect(fake.calls.filter(patchesOf(card.objectId))).toHaveLength(1);
});
