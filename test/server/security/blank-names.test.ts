// Names that show as nothing: whitespace and invisible characters (zero-width space, word joiner, byte-order
// mark, Hangul filler) typed as a counter screen's, a team member's or a customer's name. Each is a name the
// schemas let through (no control character in it), and each would leave blank the lines that say who did
// what: "collected on", "handed over by", "removed by", a customer's row.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, asCustomer, createStore, createVendor, customerWithCardAt, freshAddress, invitationTokenFromMail, multipart, postRegister, registrationFields, setReward, STRONG_PASSWORD, type TestVendor } from '../factories';

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

const INVISIBLE_NAMES = ['   ', '\u200b', '\u2060\ufeff', ' \u3164 ', '\u200d\u200c'];

async function pairingCode(): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/team/${store.id}/devices`, headers: store.auth });
  expect(response.statusCode).toBe(200);
  return response.json().pairingCode as string;
}
const pair = (pairingCode: string, name: string) =>
  t.app.inject({ method: 'POST', url: '/api/counter/pair', payload: { pairingCode, name }, remoteAddress: freshAddress() });

describe('a counter screen', () => {
  it.each(INVISIBLE_NAMES.map((name) => [JSON.stringify(name), name]))('is not paired under the name %s, and its code still pairs it under a real one', async (_shown, name) => {
    const code = await pairingCode();
    const refused = await pair(code, name);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'Enter a name for this counter screen.', details: [{ field: 'name' }] });
    const paired = await pair(code, `\u200b${name}Till 2\u2060`);
    expect(paired.statusCode).toBe(200);
    expect(paired.json().name).toBe('Till 2');
  });

  it('is not renamed to nothing; a joiner inside a name stays', async () => {
    const paired = await pair(await pairingCode(), 'Till 1');
    const deviceId = paired.json().deviceId as string;
    const rename = (name: string) => t.app.inject({ method: 'PATCH', url: `/api/team/${store.id}/devices/${deviceId}`, headers: { ...store.auth, 'accept-language': 'de' }, payload: { name } });
    const refused = await rename('\u200b \ufeff');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Geben Sie diesem Thekenbildschirm einen Namen.');
    const list = await t.app.inject({ method: 'GET', url: `/api/team/${store.id}/devices`, headers: store.auth });
    expect(list.json().items.map((device: { name: string }) => device.name)).toEqual(['Till 1']);
    // 👩‍🍳 is three code points held together by a zero-width joiner.
    expect((await rename('Till 👩\u200d🍳')).json().name).toBe('Till 👩\u200d🍳');
  });
});

describe('a person', () => {
  it('joining the team with an invisible name is refused, and the invitation still works', async () => {
    const invited = await t.app.inject({ method: 'POST', url: `/api/team/${store.id}/invitations`, headers: store.auth, payload: { email: 'maria@example.test', role: 'staff' } });
    expect(invited.statusCode).toBe(201);
    const token = invitationTokenFromMail(t, 'maria@example.test');
    const accept = (name: string) => t.app.inject({ method: 'POST', url: `/api/auth/accept-invitation/${token}`, payload: { name, password: STRONG_PASSWORD }, remoteAddress: freshAddress() });
    for (const name of INVISIBLE_NAMES) expect((await accept(name)).statusCode).toBe(400);
    expect((await accept('\u200bMaria')).statusCode).toBe(200);
    const team = await t.app.inject({ method: 'GET', url: `/api/team/${store.id}`, headers: store.auth });
    expect(team.json().people.find((person: { email: string }) => person.email === 'maria@example.test')?.name).toBe('Maria');
  });

  it('cannot change their name to an invisible one', async () => {
    const member = await addTeamMember(t, store.id, 'staff');
    for (const name of INVISIBLE_NAMES.filter((name) => name.trim() !== '')) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/account/name', headers: member.auth, payload: { name } });
      expect(response.statusCode).toBe(400);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.auth });
    expect(me.json().name).toBe('Test staff');
  });
});

describe("a customer's name", () => {
  it("made of invisible characters is saved as no name (the store shows the customer's label instead)", async () => {
    // A store with a reward, where a first scan makes a card.
    const cafe = await createStore(t);
    await setReward(t, cafe.id, { stamps: 10, item: 'Flat White' });
    const { credential } = await customerWithCardAt(t, cafe.id);
    for (const displayName of INVISIBLE_NAMES) {
      const saved = await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(credential), payload: { displayName }, remoteAddress: freshAddress() });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().displayName).toBeNull();
    }
    const saved = await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(credential), payload: { displayName: '\ufeffAna\u200b' }, remoteAddress: freshAddress() });
    expect(saved.json().displayName).toBe('Ana');
  });
});

describe("a store's name", () => {
  it('made of invisible characters is refused at registration and in Store Settings', async () => {
    for (const business of INVISIBLE_NAMES.filter((name) => name.trim() !== '')) {
      const registered = await postRegister(t, registrationFields({ business }));
      expect(registered.statusCode).toBe(400);
      expect(JSON.stringify(registered.json())).toContain('business');
      const saved = await t.app.inject({ method: 'POST', url: `/api/vendor/${store.id}`, ...withAuth(multipart({ company: business, address: '1 Main Street', open_hours: '7–17' })) });
      expect(saved.statusCode).toBe(400);
      expect(JSON.stringify(saved.json())).toContain('company');
    }
    const vendor = await t.app.inject({ method: 'GET', url: `/api/vendor/${store.id}`, headers: store.auth });
    expect(vendor.json().vendor.company).toBe('Corner Café');
  });
});

/** A multipart body with the store owner's session beside its content type. */
function withAuth(body: ReturnType<typeof multipart>): { payload: Buffer; headers: Record<string, string> } {
  return { payload: body.payload, headers: { ...body.headers, ...store.auth } };
}
