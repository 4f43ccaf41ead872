// Apple's pass web service under attack from a customer holding their own pass: its token registers any
// device id it likes, so one pass must not grow the registrations (and the APNs pushes each stamp sends)
// without bound.
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
