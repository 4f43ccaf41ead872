// /api/passes/apple: Apple's pass web service as Wallet on a phone calls it. Only the pass's own
// token opens a pass; a wrong token and a serial nobody has get the same 401, so the service never
// tells whether a serial exists. A change to the card moves the pass's Last-Modified and its
// passesUpdatedSince tag, so the phone fetches it again.
import { loadConfig, type ApplePassConfig } from '../../../server/config';
import { APPLE_WEB_SERVICE_REQUESTS_PER_MINUTE } from '../../../server/routes/passes-apple';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../apple-certificates';
import {
  applePassJsonOf,
  asCustomer,
  buildCustomerTestApp,
  createStore,
  downloadApplePass,
  dynamicToken,
  freshCustomerAddress,
  MINUTE,
  newCustomer,
  onlyCardOf,
  registerPassDevice,
  scan,
  setReward,
  type DownloadedApplePass,
} from '../factories';
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

const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PUSH_TOKEN = 'f00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeed';

interface Customer {
  storeId: string;
  credential: string;
  address: string;
  cardId: string;
  pass: DownloadedApplePass;
}

async function customerWithPass(): Promise<Customer> {
  t = await buildCustomerTestApp({ applePass, stampCooldownMinutes: 0 });
  const store = await createStore(t, { company: 'Café Luna' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const address = freshCustomerAddress();
  const credential = await newCustomer(t, store.id, address);
  const cardId = await onlyCardOf(t, credential);
  return { storeId: store.id, credential, address, cardId, pass: await downloadApplePass(t, credential, cardId) };
}

async function stampAgain(customer: Customer): Promise<void> {
  t.clock.advance(MINUTE);
  const response = await scan(t, dynamicToken(t, customer.storeId), { credential: customer.credential, remoteAddress: customer.address });
  expect(response.statusCode).toBe(200);
}

const passUrl = (pass: DownloadedApplePass, serial = pass.serialNumber) => `/api/passes/apple/v1/passes/${pass.passTypeIdentifier}/${serial}`;
const serialsUrl = (pass: DownloadedApplePass, device = DEVICE) => `/api/passes/apple/v1/devices/${device}/registrations/${pass.passTypeIdentifier}`;
const registrationUrl = (pass: DownloadedApplePass, serial = pass.serialNumber) => `/api/passes/apple/v1/devices/${DEVICE}/registrations/${pass.passTypeIdentifier}/${serial}`;

test('a phone registers with the pass token (201, then 200); a wrong token and an unknown serial get the same 401', async () => {
  const { pass } = await customerWithPass();
  expect((await registerPassDevice(t, pass, DEVICE, PUSH_TOKEN)).statusCode).toBe(201);
  expect((await registerPassDevice(t, pass, DEVICE, PUSH_TOKEN)).statusCode).toBe(200);
  const wrongToken = await t.app.inject({ method: 'POST', url: registrationUrl(pass), headers: { authorization: 'ApplePass 0123456789abcdef0123456789abcdef' }, payload: { pushToken: PUSH_TOKEN } });
  const unknownSerial = await t.app.inject({ method: 'POST', url: registrationUrl(pass, '00000000000000000000000000000000'), headers: pass.auth, payload: { pushToken: PUSH_TOKEN } });
  const noToken = await t.app.inject({ method: 'POST', url: registrationUrl(pass), payload: { pushToken: PUSH_TOKEN } });
  expect([wrongToken.statusCode, unknownSerial.statusCode, noToken.statusCode]).toEqual([401, 401, 401]);
  expect(unknownSerial.body).toBe(wrongToken.body);
  expect(unknownSerial.headers['content-type']).toBe(wrongToken.headers['content-type']);
  // Another pass's token does not open this pass either.
  const otherStore = await createStore(t, { company: 'Other' });
  await setReward(t, otherStore.id, { stamps: 8, item: 'Flat White' });
  const other = await newCustomer(t, otherStore.id, freshCustomerAddress());
  const otherPass = await downloadApplePass(t, other, await onlyCardOf(t, other));
  const crossed = await t.app.inject({ method: 'GET', url: passUrl(pass), headers: otherPass.auth });
  expect(crossed.statusCode).toBe(401);
  expect(crossed.body).toBe(wrongToken.body);
});

test('the latest pass carries Last-Modified, answers 304 to a current copy, and 200 with the new count after a stamp', async () => {
  const customer = await customerWithPass();
  const first = await t.app.inject({ method: 'GET', url: passUrl(customer.pass), headers: customer.pass.auth });
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toBe('application/vnd.apple.pkpass');
  const lastModified = first.headers['last-modified'] as string;
  expect(lastModified).toBe(new Date(Math.floor(t.clock.now() / 1000) * 1000).toUTCString());
  expect(applePassJsonOf(first.rawPayload).storeCard.primaryFields?.[0]).toMatchObject({ value: '1 of 10', changeMessage: 'Stamp collected: %@' });
  const current = await t.app.inject({ method: 'GET', url: passUrl(customer.pass), headers: { ...customer.pass.auth, 'if-modified-since': lastModified } });
  expect(current.statusCode).toBe(304);
  expect(current.body).toBe('');
  await stampAgain(customer);
  const changed = await t.app.inject({ method: 'GET', url: passUrl(customer.pass), headers: { ...customer.pass.auth, 'if-modified-since': lastModified } });
  expect(changed.statusCode).toBe(200);
  expect(applePassJsonOf(changed.rawPayload).storeCard.primaryFields?.[0]?.value).toBe('2 of 10');
  expect(Date.parse(changed.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(lastModified));
  expect((await t.app.inject({ method: 'GET', url: passUrl(customer.pass), headers: { authorization: 'ApplePass nope' } })).statusCode).toBe(401);
});

test('a change within the same second as the copy the phone holds is still not "not modified"', async () => {
  const customer = await customerWithPass();
  const held = await t.app.inject({ method: 'GET', url: passUrl(customer.pass), headers: customer.pass.auth });
  // A stamp 1 ms later (this store has no cooldown): the pass must come again, newer.
  t.clock.advance(1);
  const response = await scan(t, dynamicToken(t, customer.storeId), { credential: customer.credential, remoteAddress: customer.address });
  expect(response.statusCode).toBe(200);
  const again = await t.app.inject({ method: 'GET', url: passUrl(customer.pass), headers: { ...customer.pass.auth, 'if-modified-since': held.headers['last-modified'] as string } });
  expect(again.statusCode).toBe(200);
  expect(applePassJsonOf(again.rawPayload).storeCard.primaryFields?.[0]?.value).toBe('2 of 10');
});

test("the phone's changed serials: all without a tag, none (204) since the tag, the pass again after a stamp", async () => {
  const customer = await customerWithPass();
  await registerPassDevice(t, customer.pass, DEVICE, PUSH_TOKEN);
  const all = await t.app.inject({ method: 'GET', url: serialsUrl(customer.pass) });
  expect(all.statusCode).toBe(200);
  const { serialNumbers, lastUpdated } = all.json() as { serialNumbers: string[]; lastUpdated: string };
  expect(serialNumbers).toEqual([customer.pass.serialNumber]);
  expect((await t.app.inject({ method: 'GET', url: `${serialsUrl(customer.pass)}?passesUpdatedSince=${lastUpdated}` })).statusCode).toBe(204);
  await stampAgain(customer);
  const after = await t.app.inject({ method: 'GET', url: `${serialsUrl(customer.pass)}?passesUpdatedSince=${lastUpdated}` });
  expect(after.statusCode).toBe(200);
  expect(after.json()).toMatchObject({ serialNumbers: [customer.pass.serialNumber] });
  // A phone that registered nothing learns nothing.
  expect((await t.app.inject({ method: 'GET', url: serialsUrl(customer.pass, 'ffffffffffffffffffffffffffffffff') })).statusCode).toBe(204);
});

test('unregistering ends the listing; deleting the wallet removes its registrations and the pass stops answering', async () => {
  const customer = await customerWithPass();
  await registerPassDevice(t, customer.pass, DEVICE, PUSH_TOKEN);
  expect((await t.app.inject({ method: 'DELETE', url: registrationUrl(customer.pass), headers: customer.pass.auth })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: serialsUrl(customer.pass) })).statusCode).toBe(204);
  expect(await t.db.kysely.selectFrom('apple_pass_devices').selectAll().execute()).toEqual([]);

  await registerPassDevice(t, customer.pass, DEVICE, PUSH_TOKEN);
  expect((await t.app.inject({ method: 'DELETE', url: '/api/customer/me', headers: asCustomer(customer.credential) })).statusCode).toBe(200);
  expect(await t.db.kysely.selectFrom('apple_pass_registrations').selectAll().execute()).toEqual([]);
  expect(await t.db.kysely.selectFrom('apple_pass_devices').selectAll().execute()).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: passUrl(customer.pass), headers: customer.pass.auth })).statusCode).toBe(401);
});

test("Wallet's logs are accepted, and the web service is rate-limited per address", async () => {
  const { pass } = await customerWithPass();
  expect((await t.app.inject({ method: 'POST', url: '/api/passes/apple/v1/log', payload: { logs: ['[2026-11-25] Web service error for pass.test.stampwise'] } })).statusCode).toBe(200);
  const address = freshCustomerAddress();
  const statuses: number[] = [];
  for (let i = 0; i < APPLE_WEB_SERVICE_REQUESTS_PER_MINUTE + 1; i += 1) {
    statuses.push((await t.app.inject({ method: 'GET', url: passUrl(pass, `guess${i}`), headers: pass.auth, remoteAddress: address })).statusCode);
  }
  expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
});

test('the status says whether Apple Wallet passes are offered; without them the web service is 404', async () => {
  const { pass } = await customerWithPass();
  expect((await t.app.inject({ method: 'GET', url: '/api/passes/apple/status' })).json()).toEqual({ enabled: true });
  await t.close();
  t = await buildCustomerTestApp();
  expect((await t.app.inject({ method: 'GET', url: '/api/passes/apple/status' })).json()).toEqual({ enabled: false });
  expect((await t.app.inject({ method: 'GET', url: passUrl(pass), headers: pass.auth })).statusCode).toBe(404);
});

test("a download link, made with the customer's credential, opens the card's pass without it for a minute only", async () => {
  const customer = await customerWithPass();
  const link = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${customer.cardId}/apple-pass-link`, headers: asCustomer(customer.credential) });
  expect(link.statusCode).toBe(200);
  const { url } = link.json() as { url: string };
  const download = await t.app.inject({ method: 'GET', url });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/vnd.apple.pkpass');
  expect(applePassJsonOf(download.rawPayload).serialNumber).toBe(customer.pass.serialNumber);
  expect((await t.app.inject({ method: 'GET', url: `${url.slice(0, -2)}xx` })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'POST', url: `/api/customer/cards/${customer.cardId}/apple-pass-link` })).statusCode).toBe(401);
  t.clock.advance(61_000);
  const late = await t.app.inject({ method: 'GET', url });
  expect(late.statusCode).toBe(404);
  expect(late.json()).toMatchObject({ error: 'This pass link has expired. Tap "Add to Apple Wallet" again.' });
});
