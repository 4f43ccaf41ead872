// Apple's pass web service under attack from a customer holding their own pass: its token registers any
// device id it likes, so one pass must not grow the registrations (and the APNs pushes each stamp sends)
// without bound, nor reach the phones of other passes.
import crypto from 'node:crypto';
import { loadConfig } from '../../../server/config';
import { MAX_DEVICES_PER_PASS } from '../../../server/services/apple-pass-web-service';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../apple-certificates';
import { buildCustomerTestApp, createStore, downloadApplePass, freshCustomerAddress, newCustomer, onlyCardOf, registerPassDevice, setReward } from '../factories';
import type { TestApp } from '../helpers';

let certs: TestAppleCertificates;
let t: TestApp;

beforeAll(async () => {
  certs = makeTestAppleCertificates();
  t = await buildCustomerTestApp({ applePass: loadConfig(certs.env).applePass! });
});
afterAll(async () => {
  await t.close();
  certs.remove();
});

it(`one pass stays registered on its ${MAX_DEVICES_PER_PASS} newest phones, however many it registers`, async () => {
  const store = await createStore(t, { company: 'Café Luna' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const credential = await newCustomer(t, store.id, freshCustomerAddress());
  const pass = await downloadApplePass(t, credential, await onlyCardOf(t, credential));
  const devices: string[] = [];
  for (let index = 0; index < 60; index += 1) {
    const device = crypto.randomBytes(16).toString('hex');
    devices.push(device);
    t.clock.advance(1000);
    expect((await registerPassDevice(t, pass, device, crypto.randomBytes(32).toString('hex'))).statusCode).toBe(201);
  }
  const registered = await t.db.kysely.selectFrom('apple_pass_registrations').select('device_library_id').where('serial_number', '=', pass.serialNumber).execute();
  expect(registered.map((row) => row.device_library_id).sort()).toEqual(devices.slice(-MAX_DEVICES_PER_PASS).sort());
  const phones = await t.db.kysely.selectFrom('apple_pass_devices').select('device_library_id').execute();
  expect(phones).toHaveLength(MAX_DEVICES_PER_PASS);
});

describe("a phone's push token", () => {
  async function passOfNewCustomer(company: string) {
    const store = await createStore(t, { company });
    await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    return downloadApplePass(t, credential, await onlyCardOf(t, credential));
  }
  const pushTokenOf = async (device: string) =>
    (await t.db.kysely.selectFrom('apple_pass_devices').select('push_token').where('device_library_id', '=', device).executeTakeFirst())?.push_token;

  it("cannot be changed with another pass's token: the stamps of the phone's own passes keep reaching it", async () => {
    const victims = await passOfNewCustomer('Café Sol');
    const attackers = await passOfNewCustomer('Café Mar');
    const phone = crypto.randomBytes(16).toString('hex');
    const phonesToken = crypto.randomBytes(32).toString('hex');
    expect((await registerPassDevice(t, victims, phone, phonesToken)).statusCode).toBe(201);

    // The attacker's own pass token, the victim's device id (as it appears in a request log), the attacker's push token.
    // Twice: a registration the first made must not let the second through as "the phone renewing its token".
    const attackersToken = crypto.randomBytes(32).toString('hex');
    expect((await registerPassDevice(t, attackers, phone, attackersToken)).statusCode).toBe(401);
    expect((await registerPassDevice(t, attackers, phone, attackersToken)).statusCode).toBe(401);
    expect(await pushTokenOf(phone)).toBe(phonesToken);
    const onPhone = await t.db.kysely.selectFrom('apple_pass_registrations').select('serial_number').where('device_library_id', '=', phone).execute();
    expect(onPhone).toEqual([{ serial_number: victims.serialNumber }]);
  });

  it('a second pass joins a phone under the push token the phone has', async () => {
    const first = await passOfNewCustomer('Café Sol');
    const second = await passOfNewCustomer('Café Mar');
    const phone = crypto.randomBytes(16).toString('hex');
    const phonesToken = crypto.randomBytes(32).toString('hex');
    expect((await registerPassDevice(t, first, phone, phonesToken)).statusCode).toBe(201);
    expect((await registerPassDevice(t, second, phone, phonesToken)).statusCode).toBe(201);
    expect(await pushTokenOf(phone)).toBe(phonesToken);
  });

  it("is replaced when the phone registers one of its own passes again with a new one (a restored phone)", async () => {
    const pass = await passOfNewCustomer('Café Sol');
    const phone = crypto.randomBytes(16).toString('hex');
    expect((await registerPassDevice(t, pass, phone, crypto.randomBytes(32).toString('hex'))).statusCode).toBe(201);
    const renewed = crypto.randomBytes(32).toString('hex');
    expect((await registerPassDevice(t, pass, phone, renewed)).statusCode).toBe(200);
    expect(await pushTokenOf(phone)).toBe(renewed);
  });
});

describe("one pass's token against another pass", () => {
  it("opens nothing of another pass: registering, unregistering and fetching it answer 401, as no token does", async () => {
    const store = await createStore(t, { company: 'Café Sol' });
    await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
    const myCredential = await newCustomer(t, store.id, freshCustomerAddress());
    const mine = await downloadApplePass(t, myCredential, await onlyCardOf(t, myCredential));
    const victimCredential = await newCustomer(t, store.id, freshCustomerAddress());
    const theirs = await downloadApplePass(t, victimCredential, await onlyCardOf(t, victimCredential));
    const phone = crypto.randomBytes(16).toString('hex');
    const push = crypto.randomBytes(32).toString('hex');
    expect((await registerPassDevice(t, theirs, phone, push)).statusCode).toBe(201);

    const registration = `/api/passes/apple/v1/devices/${phone}/registrations/${theirs.passTypeIdentifier}/${theirs.serialNumber}`;
    const latest = `/api/passes/apple/v1/passes/${theirs.passTypeIdentifier}/${theirs.serialNumber}`;
    for (const headers of [mine.auth, {}, { authorization: 'ApplePass ' }, { authorization: `Bearer ${theirs.authenticationToken}` }]) {
      const answers = [
        (await t.app.inject({ method: 'POST', url: registration, headers, payload: { pushToken: 'abc' } })).statusCode,
        (await t.app.inject({ method: 'DELETE', url: registration, headers })).statusCode,
        (await t.app.inject({ method: 'GET', url: latest, headers })).statusCode,
      ];
      expect([headers, answers]).toEqual([headers, [401, 401, 401]]);
    }
    const onPhone = await t.db.kysely.selectFrom('apple_pass_registrations').select('serial_number').where('device_library_id', '=', phone).execute();
    expect(onPhone).toEqual([{ serial_number: theirs.serialNumber }]);
  });

  it("Wallet's log takes at most 100 lines of 2,000 characters, and a body over 1 MiB is refused unread", async () => {
    const log = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/passes/apple/v1/log', payload: payload as Record<string, unknown>, remoteAddress: freshCustomerAddress() });
    expect((await log({ logs: Array.from({ length: 101 }, () => 'x') })).statusCode).toBe(400);
    expect((await log({ logs: ['x'.repeat(2001)] })).statusCode).toBe(400);
    expect((await log({ logs: ['x'.repeat(2 * 1024 * 1024)] })).statusCode).toBe(413);
    expect((await log({ logs: ['a phone says hello'] })).statusCode).toBe(200);
  });
});
