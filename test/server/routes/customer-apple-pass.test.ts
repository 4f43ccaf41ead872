// GET /api/customer/cards/:cardId/apple-pass: the customer's own card as a signed pass, with an
// unguessable serial and a web service token that is stored only as a hash.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type ApplePassConfig } from '../../../server/config';
import { hashPassToken } from '../../../server/services/apple-pass';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../apple-certificates';
import { asCustomer, buildCustomerTestApp, createStore, freshCustomerAddress, newCustomer, setReward } from '../factories';
import type { TestApp } from '../helpers';

let certs: TestAppleCertificates;
let applePass: ApplePassConfig;
let t: TestApp;

beforeAll(() => {
  certs = makeTestAppleCertificates();
  applePass = loadConfig(certs.env).applePass!;
});
afterAll(() => certs.remove());
afterEach(async () => t?.close());

async function customerWithCard(): Promise<{ credential: string; cardId: string }> {
  const store = await createStore(t, { company: 'Café Luna' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const credential = await newCustomer(t, store.id, freshCustomerAddress());
  const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
  const cardId = (wallet.json() as { cards: { id: string }[] }).cards[0]!.id;
  return { credential, cardId };
}

function passJsonOf(pkpass: Buffer): Record<string, unknown> & { storeCard: Record<string, { key: string; value: string }[]> } {
  const dir = fs.mkdtempSync(path.join(certs.dir, 'download-'));
  fs.writeFileSync(path.join(dir, 'card.pkpass'), pkpass);
  return JSON.parse(execFileSync('unzip', ['-p', 'card.pkpass', 'pass.json'], { cwd: dir }).toString('utf8'));
}

test("answers the customer's card as a signed pass with its count, reward and web service, the same serial and token on every download", async () => {
  t = await buildCustomerTestApp({ applePass });
  const { credential, cardId } = await customerWithCard();
  const first = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/apple-pass`, headers: asCustomer(credential) });
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toBe('application/vnd.apple.pkpass');
  const pass = passJsonOf(first.rawPayload);
  expect(pass).toMatchObject({ organizationName: 'Café Luna', webServiceURL: 'http://stampwise.test/api/passes/apple', passTypeIdentifier: 'pass.test.stampwise' });
  expect(pass.serialNumber).toMatch(/^[0-9a-f]{32}$/);
  expect(pass.storeCard.primaryFields?.[0]?.value).toBe('1 of 10');
  expect(pass.storeCard.secondaryFields?.[0]?.value).toBe('Buy 10 Flat White, get 1 free');
  expect(pass.storeCard.backFields?.map((field) => field.key)).toContain('how');
  const stored = await t.db.kysely.selectFrom('apple_passes').selectAll().where('card_id', '=', cardId).executeTakeFirstOrThrow();
  expect(stored.serial_number).toBe(pass.serialNumber);
  expect(stored.auth_token_hash).toBe(hashPassToken(pass.authenticationToken as string));
  expect(stored.auth_token_hash).not.toContain(pass.authenticationToken as string);
  const again = passJsonOf((await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/apple-pass`, headers: asCustomer(credential) })).rawPayload);
  expect([again.serialNumber, again.authenticationToken]).toEqual([pass.serialNumber, pass.authenticationToken]);
});

test('the pass speaks the phone’s language: its words in Spanish, French, German and Arabic beside the English of pass.json', async () => {
  t = await buildCustomerTestApp({ applePass });
  const { credential, cardId } = await customerWithCard();
  const response = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/apple-pass`, headers: asCustomer(credential) });
  const dir = fs.mkdtempSync(path.join(certs.dir, 'languages-'));
  fs.writeFileSync(path.join(dir, 'card.pkpass'), response.rawPayload);
  const strings = (language: string) => execFileSync('unzip', ['-p', 'card.pkpass', `${language}.lproj/pass.strings`], { cwd: dir }).toString('utf8');
  const german = strings('de');
  expect(german).toContain('"Stamps" = "Stempel";');
  expect(german).toContain('"1 of 10" = "1 von 10";');
  expect(german).toContain('"Café Luna stamp card" = "Stempelkarte von Café Luna";');
  expect(german).toContain('"Stamp collected: %@" = "Stempel gesammelt: %@";');
  for (const language of ['es', 'fr', 'ar']) {
    const lines = strings(language).split(/\r?\n/).filter(Boolean);
    // Every word of the pass has its own translation (an English label left as it is would read "x" = "x").
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(line).toMatch(/^"(.+)" = "(?!\1")(.+)";$/);
  }
});

test("someone else's card is 404, no credential is 401, and a server without Apple Wallet answers 404", async () => {
  t = await buildCustomerTestApp({ applePass });
  const { cardId } = await customerWithCard();
  const other = await customerWithCard();
  expect((await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/apple-pass`, headers: asCustomer(other.credential) })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/apple-pass` })).statusCode).toBe(401);
  await t.close();
  t = await buildCustomerTestApp();
  const unconfigured = await customerWithCard();
  const response = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${unconfigured.cardId}/apple-pass`, headers: asCustomer(unconfigured.credential) });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ error: 'Apple Wallet passes are not set up on this server.' });
});

test('a full card says the reward is ready, and a claim waiting for hand-over shows its code', async () => {
  t = await buildCustomerTestApp({ applePass });
  const { credential, cardId } = await customerWithCard();
  await t.db.kysely.updateTable('stamp_cards').set({ stamps: 10 }).where('id', '=', cardId).execute();
  const download = async () => passJsonOf((await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/apple-pass`, headers: asCustomer(credential) })).rawPayload);
  expect((await download()).storeCard.primaryFields?.[0]).toMatchObject({ value: 'Reward ready' });
  const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${cardId}/claim`, headers: asCustomer(credential) });
  expect(claim.statusCode).toBe(200);
  const code = (claim.json() as { redemption: { code: string } }).redemption.code;
  expect((await download()).storeCard.primaryFields?.[0]).toMatchObject({ label: 'Hand-over code', value: code });
});
