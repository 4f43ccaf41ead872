// Counter screens are devices: paired with a one-use code, they show counter mode (rotating code, live
// feed, hand-over) with no password, sign codes of their own while offline, and stop at once when
// removed — on SQLite and PostgreSQL.
import { resetTestApp, type TestApp } from '../helpers';
import { mintDeviceCode } from '../../../src/features/qr/device/deviceCodes';
import {
  addTeamMember,
  buildHandoverTestApp,
  claim,
  customerWithStamps,
  freshCustomerAddress,
  MINUTE,
  pairCounterScreen,
  rewardStore,
  scan,
  type TestStore,
} from '../factories';

let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test.
beforeAll(async () => {
  t = await buildHandoverTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await rewardStore(t);
});

// Pairing codes and pairings are throttled per address: each request comes from an address of its own unless a
// test names one (the file's tests share an app).
const newPairingCode = async () =>
  (await t.app.inject({ method: 'POST', url: `/api/team/${store.id}/devices`, headers: store.auth, remoteAddress: freshCustomerAddress() })).json().pairingCode as string;
const pair = (pairingCode: string, name = 'Till 1', remoteAddress = freshCustomerAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/counter/pair', payload: { pairingCode, name }, remoteAddress });

describe('pairing a counter screen', () => {
  it('gives an 8-character code without look-alike characters that pairs once, case and dashes aside', async () => {
    const code = await newPairingCode();
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const first = await pair(typed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ vendorId: store.id, name: 'Till 1', keyNumber: 1 });
    expect(first.json().deviceToken).toMatch(/^swc\./);
    const again = await pair(code, 'Till 2');
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toMatch(/not valid or has expired/);
  });

  it('refuses a code older than 10 minutes', async () => {
    const code = await newPairingCode();
    t.clock.advance(10 * MINUTE);
    expect((await pair(code)).statusCode).toBe(401);
  });

  it('stores only hashes of the pairing code and the device token', async () => {
    const code = await newPairingCode();
    const paired = (await pair(code)).json();
    const codes = await t.db.kysely.selectFrom('counter_pairing_codes').selectAll().execute();
    expect(JSON.stringify(codes)).not.toContain(code);
    const devices = await t.db.kysely.selectFrom('counter_devices').selectAll().execute();
    expect(JSON.stringify(devices)).not.toContain(paired.deviceToken.split('.')[2]);
  });

  it('throttles pairing attempts from one address', async () => {
    const address = freshCustomerAddress();
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) answers.push((await pair('WRONGCDE', 'Till', address)).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('gives each screen of a store its own key id', async () => {
    const first = await pairCounterScreen(t, store, 'Till 1');
    const second = await pairCounterScreen(t, store, 'Till 2');
    expect([first.keyNumber, second.keyNumber]).toEqual([1, 2]);
  });
});

describe('what a counter screen may do', () => {
  it('shows the rotating code, the live feed and hand-over for its store, and reads its store', async () => {
    const screen = await pairCounterScreen(t, store);
    const generate = await t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${store.id}`, headers: screen.auth });
    expect(generate.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stream-ticket`, headers: screen.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}?pageSize=10`, headers: screen.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/handover/${store.id}/pending`, headers: screen.auth })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/counter/me', headers: screen.auth });
    expect(me.json()).toMatchObject({ vendorId: store.id, name: 'Till 1', company: 'Counter Café', timeZone: null });
    // The screen shows its feed's times on the store's clock.
    await t.db.kysely.updateTable('vendors').set({ time_zone: 'Asia/Kolkata' }).where('id', '=', store.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/counter/me', headers: screen.auth })).json()).toMatchObject({ timeZone: 'Asia/Kolkata' });
  });

  it.each([
    ['GET', (id: string) => `/api/vendor/${id}`],
    ['GET', (id: string) => `/api/customers/${id}`],
    ['GET', (id: string) => `/api/dashboard/${id}`],
    ['GET', (id: string) => `/api/activity/${id}/export.csv?from=2026-11-01&to=2026-11-30`],
    ['GET', (id: string) => `/api/team/${id}/devices`],
    ['POST', (id: string) => `/api/team/${id}/devices`],
    ['POST', () => '/api/auth/logout'],
  ])('refuses the device token on %s %s with a clear 403', async (method, url) => {
    const screen = await pairCounterScreen(t, store);
    const response = await t.app.inject({ method: method as 'GET' | 'POST', url: url(store.id), headers: screen.auth });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/counter screen can only show counter mode/);
  });

  it('reads the stamp mode counter mode needs to offer a quantity, and not the rest of the reward settings', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/rewards/${store.id}/settings`, headers: store.auth, payload: { stampMode: 'per-item', maxPerTransaction: 3, autoRedeem: true, expiryDays: 90 } });
    const screen = await pairCounterScreen(t, store);
    const counter = await t.app.inject({ method: 'GET', url: `/api/rewards/${store.id}/counter-settings`, headers: screen.auth });
    expect(counter.statusCode).toBe(200);
    expect(counter.json()).toEqual({ stampMode: 'per-item', maxPerTransaction: 3 });
    expect((await t.app.inject({ method: 'GET', url: `/api/rewards/${store.id}/settings`, headers: screen.auth })).statusCode).toBe(403);
  });

  it("refuses a screen's token for another store's counter", async () => {
    const other = await rewardStore(t, 'Other Café');
    const screen = await pairCounterScreen(t, store);
    expect((await t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${other.id}`, headers: screen.auth })).statusCode).toBe(403);
  });
});

describe('codes a counter screen signs itself', () => {
  it('stamp when scanned, record the screen, and are refused at once when the screen is removed', async () => {
    const screen = await pairCounterScreen(t, store);
    const offline = mintDeviceCode(screen, t.clock.now());
    const stamped = await scan(t, offline.token, { remoteAddress: freshCustomerAddress() });
    expect(stamped.statusCode).toBe(200);
    const activity = (await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}`, headers: store.auth })).json();
    expect(activity.items[0]).toMatchObject({ type: 'stamp', collectedOn: 'Till 1' });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/devices/${screen.deviceId}`, headers: store.auth })).statusCode).toBe(204);
    const next = mintDeviceCode(screen, t.clock.now() + 1000);
    const refused = await scan(t, next.token, { remoteAddress: freshCustomerAddress() });
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${store.id}`, headers: screen.auth })).statusCode).toBe(401);
  });

  it('expire after 90 s, and a code dated far ahead (a forged clock) is refused', async () => {
    const screen = await pairCounterScreen(t, store);
    const code = mintDeviceCode(screen, t.clock.now());
    t.clock.advance(91_000);
    expect((await scan(t, code.token, { remoteAddress: freshCustomerAddress() })).json().code).toBe('expired');
    const ahead = mintDeviceCode(screen, t.clock.now() + 10 * MINUTE);
    expect((await scan(t, ahead.token, { remoteAddress: freshCustomerAddress() })).statusCode).toBe(400);
  });

  it('keep the one-stamp-per-code rule', async () => {
    const screen = await pairCounterScreen(t, store);
    const code = mintDeviceCode(screen, t.clock.now());
    const address = freshCustomerAddress();
    const first = await scan(t, code.token, { remoteAddress: address });
    const again = await scan(t, code.token, { remoteAddress: address, credential: first.json().credential });
    expect(again.json().code).toBe('already-collected');
  });

  it('signed with another key are refused', async () => {
    const screen = await pairCounterScreen(t, store);
    const forged = mintDeviceCode({ ...screen, deviceKey: Buffer.alloc(32, 7).toString('base64url') }, t.clock.now());
    expect((await scan(t, forged.token, { remoteAddress: freshCustomerAddress() })).json().code).toBe('malformed');
  });
});

describe('the owner or a manager manages counter screens', () => {
  it('a manager lists, renames and removes them as the owner does', async () => {
    const manager = await addTeamMember(t, store.id, 'manager');
    const screen = await pairCounterScreen(t, { id: store.id, auth: manager.auth });
    const list = await t.app.inject({ method: 'GET', url: `/api/team/${store.id}/devices`, headers: manager.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toMatchObject([{ id: screen.deviceId, name: 'Till 1', pairedBy: 'Test manager' }]);
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/team/${store.id}/devices/${screen.deviceId}`, headers: manager.auth, payload: { name: 'Front till' } });
    expect(renamed.json()).toMatchObject({ name: 'Front till' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/devices/${screen.deviceId}`, headers: manager.auth })).statusCode).toBe(204);
    const staff = await addTeamMember(t, store.id, 'staff');
    expect((await t.app.inject({ method: 'GET', url: `/api/team/${store.id}/devices`, headers: staff.auth })).statusCode).toBe(403);
  });

  it('lists name, paired by and last seen; renames; removes', async () => {
    const screen = await pairCounterScreen(t, store);
    const list = (await t.app.inject({ method: 'GET', url: `/api/team/${store.id}/devices`, headers: store.auth })).json();
    expect(list.items).toEqual([{ id: screen.deviceId, name: 'Till 1', pairedBy: 'Test Owner', pairedAt: t.clock.now(), lastSeenAt: t.clock.now() }]);
    t.clock.advance(5 * MINUTE);
    await t.app.inject({ method: 'GET', url: `/api/handover/${store.id}/pending`, headers: screen.auth });
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/team/${store.id}/devices/${screen.deviceId}`, headers: store.auth, payload: { name: 'Front till' } });
    expect(renamed.json()).toMatchObject({ name: 'Front till', lastSeenAt: t.clock.now() });
    await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/devices/${screen.deviceId}`, headers: store.auth });
    expect((await t.app.inject({ method: 'GET', url: `/api/team/${store.id}/devices`, headers: store.auth })).json().items).toEqual([]);
  });

  it("cannot touch another store's screens", async () => {
    const other = await rewardStore(t, 'Other Café');
    const screen = await pairCounterScreen(t, other);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/devices/${screen.deviceId}`, headers: store.auth });
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${other.id}/devices/${screen.deviceId}`, headers: store.auth })).statusCode).toBe(403);
  });
});

describe('who did what', () => {
  it('records the screen that handed a reward over, in the activity list and the export', async () => {
    const screen = await pairCounterScreen(t, store);
    const who = await customerWithStamps(t, store.id);
    const claimed = (await claim(t, who)).json().redemption as { id: string };
    const given = await t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/claims/${claimed.id}`, headers: screen.auth, payload: { screen: 'counter' } });
    expect(given.statusCode).toBe(200);
    expect(given.json().item).toMatchObject({ status: 'given', givenOn: 'Till 1' });
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const csv = await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/export.csv?from=${day}&to=${day}`, headers: store.auth });
    expect(csv.body).toContain('handed over on Till 1');
  });

  it('records the owner who handed a reward over from a signed-in screen', async () => {
    const who = await customerWithStamps(t, store.id);
    const claimed = (await claim(t, who)).json().redemption as { id: string };
    const given = await t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/claims/${claimed.id}`, headers: store.auth, payload: { screen: 'feed' } });
    expect(given.json().item).toMatchObject({ givenBy: 'Test Owner' });
  });

  it('records who changed the stamp budget and the reward settings, and answers it with them', async () => {
    const manager = await addTeamMember(t, store.id, 'manager');
    await t.db.kysely.updateTable('people').set({ name: 'Maria' }).where('id', '=', manager.id).execute();
    const budget = await t.app.inject({ method: 'PUT', url: `/api/qrcode/${store.id}/stamp-budget`, headers: manager.auth, payload: { codeBudgetFloor: 12, flyerBudgetFloor: null } });
    expect(budget.json()).toMatchObject({ codeBudgetFloor: 12, changedBy: 'Maria' });
    expect((await t.app.inject({ method: 'GET', url: `/api/qrcode/${store.id}/stamp-budget`, headers: store.auth })).json()).toMatchObject({ changedBy: 'Maria' });

    await t.app.inject({ method: 'PUT', url: `/api/rewards/${store.id}/settings`, headers: manager.auth, payload: { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: true, expiryDays: null } });
    expect((await t.app.inject({ method: 'GET', url: `/api/rewards/${store.id}/settings`, headers: store.auth })).json()).toMatchObject({ autoRedeem: true, changedBy: 'Maria' });
    await t.app.inject({ method: 'PUT', url: `/api/rewards/${store.id}/settings`, headers: store.auth, payload: { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: null } });
    expect((await t.app.inject({ method: 'GET', url: `/api/rewards/${store.id}/settings`, headers: store.auth })).json()).toMatchObject({ changedBy: 'Test Owner' });
  });
});
