// /api/rewards and /api/qrcode under attack: control characters in the reward's text, malformed
// bodies, and revoked sessions.
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor, type TestVendor } from '../factories';
import { CONTROL_CHARACTERS, MALFORMED_JSON, codePoint, expectClientError } from './helpers';

let t: TestApp;
let vendor: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  vendor = await createVendor(t);
});

const saveReward = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/rewards/${vendor.id}`, headers: { ...vendor.auth, ...headers }, payload: payload as object });
const storedReward = () => t.db.kysely.selectFrom('rewards').selectAll().where('vendor_id', '=', vendor.id).executeTakeFirst();

describe('the reward text', () => {
  it.each(CONTROL_CHARACTERS.map((c) => [codePoint(c), c]))('refuses %s in itemCustom and stores nothing', async (_name, c) => {
    const response = await saveReward({ stamps: 5, item: null, itemCustom: `Free${c}Coffee`, expiry: '2030-12-31' });
    expectClientError(response);
    expect(response.json()).toEqual({
      error: 'itemCustom contains characters that are not allowed.',
      details: [{ field: 'itemCustom', message: 'contains characters that are not allowed' }],
    });
    expect(await storedReward()).toBeUndefined();
  });

  it('refuses a line break too: the reward is one line on the card', async () => {
    expectClientError(await saveReward({ stamps: 5, item: null, itemCustom: 'Free\nCoffee', expiry: '2030-12-31' }));
  });

  it('refuses a control character in the item id', async () => {
    expectClientError(await saveReward({ stamps: 5, item: 'item\u0000', itemCustom: null, expiry: '2030-12-31' }));
  });

  it('still takes ordinary text, accents and emoji included', async () => {
    expect((await saveReward({ stamps: 5, item: null, itemCustom: 'Café crème ☕', expiry: '2030-12-31' })).statusCode).toBe(200);
    expect((await storedReward())?.item_custom).toBe('Café crème ☕');
  });
});

describe('malformed bodies get a 4xx JSON error, never a 5xx', () => {
  it.each(MALFORMED_JSON)('saving the reward and asking for a printable code with $name', async ({ contentType, payload }) => {
    expectClientError(await saveReward(payload, { 'content-type': contentType }));
    const printable = await t.app.inject({ method: 'POST', url: '/api/qrcode/printable', headers: { ...vendor.auth, 'content-type': contentType }, payload });
    expectClientError(printable);
  });
});

it('a session ended by Logout is refused by the rewards and QR routes (401)', async () => {
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: vendor.auth })).statusCode).toBe(204);
  const answers = await Promise.all([
    t.app.inject({ method: 'GET', url: `/api/rewards/${vendor.id}`, headers: vendor.auth }),
    saveReward({ stamps: 5, item: null, itemCustom: 'Coffee', expiry: '2030-12-31' }),
    t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${vendor.id}`, headers: vendor.auth }),
    t.app.inject({ method: 'POST', url: '/api/qrcode/printable', headers: vendor.auth, payload: { vendorId: vendor.id } }),
  ]);
  expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401]);
});
