// Team roles and counter screens under attack from inside the store: a manager on the way out, or about to
// lose the role, makes pairing codes that would pair a counter screen for them afterwards.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, createVendor, freshAddress, type TestVendor } from '../factories';

let t: TestApp;
let store: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  store = await createVendor(t, { company: 'Corner Café' });
});

async function pairingCodeOf(auth: Record<string, string>): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/team/${store.id}/devices`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json().pairingCode as string;
}
const pair = (pairingCode: string) =>
  t.app.inject({ method: 'POST', url: '/api/counter/pair', payload: { pairingCode, name: 'Till 9' }, remoteAddress: freshAddress() });
const liveDevices = async () => (await t.db.kysely.selectFrom('counter_devices').select('id').where('vendor_id', '=', store.id).where('revoked_at', 'is', null).execute()).length;

it("a removed manager's unused pairing code pairs nothing", async () => {
  const manager = await addTeamMember(t, store.id, 'manager');
  const code = await pairingCodeOf(manager.auth);
  expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${manager.id}`, headers: store.auth })).statusCode).toBe(204);
  expect((await pair(code)).statusCode).toBe(401);
  expect(await liveDevices()).toBe(0);
});

it("a manager made staff: the pairing codes they made as manager pair nothing", async () => {
  const manager = await addTeamMember(t, store.id, 'manager');
  const code = await pairingCodeOf(manager.auth);
  const demoted = await t.app.inject({ method: 'PUT', url: `/api/team/${store.id}/people/${manager.id}/role`, headers: store.auth, payload: { role: 'staff' } });
  expect(demoted.statusCode).toBe(204);
  expect((await pair(code)).statusCode).toBe(401);
  expect(await liveDevices()).toBe(0);
});

it("the owner's and other managers' codes keep working when a manager leaves", async () => {
  const leaving = await addTeamMember(t, store.id, 'manager');
  const staying = await addTeamMember(t, store.id, 'manager');
  const ownerCode = await pairingCodeOf(store.auth);
  const colleagueCode = await pairingCodeOf(staying.auth);
  await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${leaving.id}`, headers: store.auth });
  expect((await pair(ownerCode)).statusCode).toBe(200);
  expect((await pair(colleagueCode)).statusCode).toBe(200);
});
