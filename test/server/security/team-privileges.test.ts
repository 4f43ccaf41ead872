// A team member, an invitee or another store's owner trying to gain a role or reach a person they may not:
// fields a client adds to a body (role, store, owner), person ids of another store, invitation links used
// twice, cancelled or sent on, and the owner taken out of their own store. Runs on SQLite and (with
// DATABASE_URL) PostgreSQL.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, createVendor, freshAddress, invitationTokenFromMail, type TestVendor } from '../factories';

const STRONG = 'latte-art-on-tuesdays';

let t: TestApp;
let store: TestVendor;
let otherStore: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  store = await createVendor(t, { company: 'Privilege Café' });
  otherStore = await createVendor(t, { company: 'Elsewhere' });
});

const invite = (auth: Record<string, string>, vendorId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/team/${vendorId}/invitations`, headers: auth, payload: body });
const accept = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/auth/accept-invitation/${token}`, payload: body, remoteAddress: freshAddress() });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function roleOf(personId: string): Promise<{ role: string; vendor_id: string } | undefined> {
  return t.db.kysely.selectFrom('people').select(['role', 'vendor_id']).where('id', '=', personId).executeTakeFirst();
}

async function invitationLink(role = 'staff'): Promise<{ email: string; token: string }> {
  const email = `invitee.${crypto.randomUUID()}@example.test`;
  expect((await invite(store.auth, store.id, { email, role })).statusCode).toBe(201);
  return { email, token: invitationTokenFromMail(t, email) };
}

describe('fields a client adds to a body', () => {
  it('an invitation for the owner role, or naming another store or owner, is refused and mails nothing', async () => {
    const sent = t.mailer.sent.length;
    for (const body of [
      { email: 'a@example.test', role: 'owner' },
      { email: 'a@example.test', role: 'staff', vendorId: otherStore.id },
      { email: 'a@example.test', role: 'staff', storeId: otherStore.id },
      { email: 'a@example.test', role: 'staff', ownerId: otherStore.id },
      { email: 'a@example.test', role: ['owner'] },
    ]) {
      const response = await invite(store.auth, store.id, body);
      expect([body, response.statusCode]).toEqual([body, 400]);
    }
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('a duplicated key is read once, as its last value, and checked as such', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/team/${store.id}/invitations`,
      headers: { ...store.auth, 'content-type': 'application/json' },
      payload: '{"email":"dup@example.test","role":"staff","role":"owner"}',
    });
    expect(response.statusCode).toBe(400);
    const team = (await t.app.inject({ method: 'GET', url: `/api/team/${store.id}`, headers: store.auth })).json() as { invitations: unknown[] };
    expect(team.invitations).toEqual([]);
  });

  it('accepting an invitation with a role, a store or an e-mail of the invitee\'s choosing is refused, and the link still works as sent', async () => {
    const { email, token } = await invitationLink('staff');
    for (const extra of [{ role: 'owner' }, { role: 'manager' }, { vendorId: otherStore.id }, { email: 'mine@example.test' }, { personId: store.id }]) {
      const response = await accept(token, { name: 'Maria', password: STRONG, ...extra });
      expect([extra, response.statusCode]).toEqual([extra, 400]);
    }
    const accepted = await accept(token, { name: 'Maria', password: STRONG });
    expect(accepted.statusCode).toBe(200);
    const { token: session, vendorId } = accepted.json() as { token: string; vendorId: string };
    expect(vendorId).toBe(store.id);
    expect((await me(session)).json()).toMatchObject({ vendorId: store.id, role: 'staff', email });
  });

  it("a role change to owner is refused: a store keeps exactly one owner", async () => {
    const manager = await addTeamMember(t, store.id, 'manager');
    const response = await t.app.inject({ method: 'PUT', url: `/api/team/${store.id}/people/${manager.id}/role`, headers: store.auth, payload: { role: 'owner' } });
    expect(response.statusCode).toBe(409);
    expect(await roleOf(manager.id)).toEqual({ role: 'manager', vendor_id: store.id });
  });

  it("renaming oneself carries no role or store along", async () => {
    const staff = await addTeamMember(t, store.id, 'staff');
    const renamed = await t.app.inject({ method: 'PUT', url: '/api/account/name', headers: staff.auth, payload: { name: 'Sam', role: 'owner', vendorId: otherStore.id } });
    expect(renamed.statusCode).toBe(400);
    expect(await roleOf(staff.id)).toEqual({ role: 'staff', vendor_id: store.id });
  });
});

describe("people and invitations of another store", () => {
  it("an owner cannot change the role of, or remove, a person of another store through their own store's path", async () => {
    const theirs = await addTeamMember(t, otherStore.id, 'manager');
    const changed = await t.app.inject({ method: 'PUT', url: `/api/team/${store.id}/people/${theirs.id}/role`, headers: store.auth, payload: { role: 'staff' } });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${theirs.id}`, headers: store.auth });
    expect([changed.statusCode, removed.statusCode]).toEqual([404, 404]);
    expect(await roleOf(theirs.id)).toEqual({ role: 'manager', vendor_id: otherStore.id });
    // Their session is untouched: the refusal ended nothing.
    expect((await me(theirs.token)).statusCode).toBe(200);
  });

  it("an owner cannot remove or demote another store's owner by naming their id", async () => {
    const changed = await t.app.inject({ method: 'PUT', url: `/api/team/${store.id}/people/${otherStore.id}/role`, headers: store.auth, payload: { role: 'staff' } });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${otherStore.id}`, headers: store.auth });
    expect(changed.statusCode).toBeGreaterThanOrEqual(400);
    expect(removed.statusCode).toBeGreaterThanOrEqual(400);
    expect(await roleOf(otherStore.id)).toEqual({ role: 'owner', vendor_id: otherStore.id });
  });

  it("an owner cannot cancel another store's invitation to the same address", async () => {
    const email = `shared.${crypto.randomUUID()}@example.test`;
    expect((await invite(otherStore.auth, otherStore.id, { email, role: 'staff' })).statusCode).toBe(201);
    const token = invitationTokenFromMail(t, email);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/invitations/${encodeURIComponent(email)}`, headers: store.auth });
    expect(cancelled.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` })).json()).toMatchObject({ storeName: 'Elsewhere' });
  });
});

describe('invitation links', () => {
  it('a link joins the store that sent it, once: a second acceptance, with another name, is 404', async () => {
    const { token } = await invitationLink();
    expect((await accept(token, { name: 'Maria', password: STRONG })).statusCode).toBe(200);
    expect((await accept(token, { name: 'Mallory', password: STRONG })).statusCode).toBe(404);
    const names = await t.db.kysely.selectFrom('people').select('name').where('vendor_id', '=', store.id).where('role', '=', 'staff').execute();
    expect(names.map((row) => row.name)).toEqual(['Maria']);
  });

  it('a link replaced by a newer invitation, or cancelled, joins nobody', async () => {
    const { email, token: first } = await invitationLink('manager');
    expect((await invite(store.auth, store.id, { email, role: 'staff' })).statusCode).toBe(201);
    expect((await accept(first, { name: 'Maria', password: STRONG })).statusCode).toBe(404);
    const second = invitationTokenFromMail(t, email);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/invitations/${encodeURIComponent(email)}`, headers: store.auth })).statusCode).toBe(204);
    expect((await accept(second, { name: 'Maria', password: STRONG })).statusCode).toBe(404);
  });

  it('a link whose address came to sign in elsewhere meanwhile joins nobody (one address, one store)', async () => {
    const { email, token } = await invitationLink();
    // The other store invites the same address, and that invitation is accepted first.
    expect((await invite(otherStore.auth, otherStore.id, { email, role: 'manager' })).statusCode).toBe(201);
    expect((await accept(invitationTokenFromMail(t, email), { name: 'Maria', password: STRONG })).statusCode).toBe(200);
    expect((await accept(token, { name: 'Maria', password: STRONG })).statusCode).toBe(409);
    const rows = await t.db.kysely.selectFrom('people').select(['vendor_id', 'role']).where('email_normalized', '=', email).execute();
    expect(rows).toEqual([{ vendor_id: otherStore.id, role: 'manager' }]);
  });

  it('a removed member\'s link is spent: removal does not reopen it', async () => {
    const { token } = await invitationLink();
    const accepted = (await accept(token, { name: 'Maria', password: STRONG })).json() as { token: string };
    const personId = ((await me(accepted.token)).json() as { personId: string }).personId;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${personId}`, headers: store.auth })).statusCode).toBe(204);
    expect((await accept(token, { name: 'Maria', password: STRONG })).statusCode).toBe(404);
    expect((await me(accepted.token)).statusCode).toBe(401);
  });
});

describe('the owner stays', () => {
  it('the owner can neither remove nor demote themselves, by their person id or the vendor id', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${store.id}`, headers: store.auth });
    const demoted = await t.app.inject({ method: 'PUT', url: `/api/team/${store.id}/people/${store.id}/role`, headers: store.auth, payload: { role: 'manager' } });
    expect([removed.statusCode, demoted.statusCode]).toEqual([409, 409]);
    expect(await roleOf(store.id)).toEqual({ role: 'owner', vendor_id: store.id });
    expect((await me(store.token)).statusCode).toBe(200);
  });

  it('a manager can neither remove nor demote the owner, nor another manager', async () => {
    const manager = await addTeamMember(t, store.id, 'manager');
    const colleague = await addTeamMember(t, store.id, 'manager');
    for (const target of [store.id, colleague.id]) {
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${target}`, headers: manager.auth });
      const demoted = await t.app.inject({ method: 'PUT', url: `/api/team/${store.id}/people/${target}/role`, headers: manager.auth, payload: { role: 'staff' } });
      expect([removed.statusCode, demoted.statusCode]).toEqual([403, 403]);
    }
    expect(await roleOf(colleague.id)).toEqual({ role: 'manager', vendor_id: store.id });
  });
});
