// The owner's team: invitations by e-mail, accepting one, signing in as a team member, role changes and removals.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, createVendor, freshAddress, invitationTokenFromMail, login, type TestVendor } from '../factories';
import { INVITATION_TTL_MS } from '../../../server/services/team';

const STRONG = 'latte-art-on-tuesdays';

describe('/api/team and invitations', () => {
  let t: TestApp;
  let owner: TestVendor;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    owner = await createVendor(t, { company: 'Bean There' });
    t.mailer.sent.length = 0;
  });

  const inviteAs = (auth: Record<string, string>, vendorId: string, email: string, role = 'staff') =>
    t.app.inject({ method: 'POST', url: `/api/team/${vendorId}/invitations`, headers: auth, payload: { email, role } });
  const accept = (token: string, name = 'Maria', password = STRONG) =>
    t.app.inject({ method: 'POST', url: `/api/auth/accept-invitation/${token}`, payload: { name, password }, remoteAddress: freshAddress() });
  const team = (auth: Record<string, string>, vendorId = owner.id) => t.app.inject({ method: 'GET', url: `/api/team/${vendorId}`, headers: auth });
  const dashboard = (auth: Record<string, string>, vendorId = owner.id) => t.app.inject({ method: 'GET', url: `/api/dashboard/${vendorId}`, headers: auth });
  const customers = (auth: Record<string, string>, vendorId = owner.id) => t.app.inject({ method: 'GET', url: `/api/customers/${vendorId}`, headers: auth });

  it('mails a one-time link; the invitee sets a name and password, is signed in, and later signs in on /login with that address', async () => {
    const email = `maria.${Date.now()}@example.test`;
    const invited = await inviteAs(owner.auth, owner.id, email);
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, role: 'staff', expiresAt: t.clock.now() + INVITATION_TTL_MS });
    const mail = t.mailer.last();
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toBe('You are invited to Bean There on Stampwise');
    const token = invitationTokenFromMail(t, email);

    const info = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });
    expect(info.json()).toEqual({ email, role: 'staff', storeName: 'Bean There' });

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    const { token: session, vendorId } = accepted.json() as { token: string; vendorId: string };
    expect(vendorId).toBe(owner.id);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${session}` } });
    expect(me.json()).toMatchObject({ vendorId: owner.id, role: 'staff', name: 'Maria', email });

    // Single use: the same link again changes nothing.
    expect((await accept(token, 'Someone else')).statusCode).toBe(404);

    const signedIn = await login(t, email, STRONG);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json() as { token: string; vendor: { _id: string } };
    expect(body.vendor._id).toBe(owner.id);
    expect((await dashboard({ authorization: `Bearer ${body.token}` })).statusCode).toBe(200);
    expect((await customers({ authorization: `Bearer ${body.token}` })).statusCode).toBe(403);

    const listed = (await team(owner.auth)).json() as { people: Array<{ name: string; role: string }> };
    expect(listed.people.map((p) => [p.name, p.role])).toEqual([['Test Owner', 'owner'], ['Maria', 'staff']]);
  });

  it('lets the owner cancel an open invitation: its link stops working and it leaves the list; a manager may not', async () => {
    const email = `cancelled.${Date.now()}@example.test`;
    await inviteAs(owner.auth, owner.id, email);
    const token = invitationTokenFromMail(t, email);
    const url = `/api/team/${owner.id}/invitations/${encodeURIComponent(email)}`;

    const manager = await addTeamMember(t, owner.id, 'manager');
    expect((await t.app.inject({ method: 'DELETE', url, headers: manager.auth })).statusCode).toBe(403);
    const other = await createVendor(t);
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.auth })).statusCode).toBe(403);

    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.auth })).statusCode).toBe(204);
    expect((await team(owner.auth)).json()).toMatchObject({ invitations: [] });
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` })).statusCode).toBe(404);
    expect((await accept(token)).statusCode).toBe(404);
    // Nothing open to cancel any more.
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.auth })).statusCode).toBe(404);
  });

  it('refuses an expired invitation link with 410', async () => {
    const email = `late.${Date.now()}@example.test`;
    await inviteAs(owner.auth, owner.id, email);
    const token = invitationTokenFromMail(t, email);
    t.clock.advance(INVITATION_TTL_MS + 1);
    const response = await accept(token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ error: 'This invitation has expired. Ask the owner for a new one.' });
  });

  it('refuses a password that registration would refuse, and leaves the link usable', async () => {
    const email = `weak.${Date.now()}@example.test`;
    await inviteAs(owner.auth, owner.id, email);
    const token = invitationTokenFromMail(t, email);
    const weak = await accept(token, 'Maria', 'short');
    expect(weak.statusCode).toBe(400);
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('answers 409 for an address already in the team, and for the owner\'s own address', async () => {
    const member = await addTeamMember(t, owner.id, 'staff');
    const again = await inviteAs(owner.auth, owner.id, member.email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This person is already in your team.' });
    const ownerRow = await t.db.kysely.selectFrom('vendors').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect((await inviteAs(owner.auth, owner.id, ownerRow.email)).statusCode).toBe(409);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('answers 409 when the owner tries to demote or remove themselves, and the store keeps its owner', async () => {
    const demote = await t.app.inject({ method: 'PUT', url: `/api/team/${owner.id}/people/${owner.id}/role`, headers: owner.auth, payload: { role: 'staff' } });
    expect(demote.statusCode).toBe(409);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/team/${owner.id}/people/${owner.id}`, headers: owner.auth });
    expect(remove.statusCode).toBe(409);
    expect((await customers(owner.auth)).statusCode).toBe(200);
  });

  it("ends a person's open sessions when their role changes or they are removed", async () => {
    const member = await addTeamMember(t, owner.id, 'manager');
    expect((await customers(member.auth)).statusCode).toBe(200);
    const changed = await t.app.inject({ method: 'PUT', url: `/api/team/${owner.id}/people/${member.id}/role`, headers: owner.auth, payload: { role: 'staff' } });
    expect(changed.statusCode).toBe(204);
    expect((await dashboard(member.auth)).statusCode).toBe(401);

    const other = await addTeamMember(t, owner.id, 'staff');
    expect((await dashboard(other.auth)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${owner.id}/people/${other.id}`, headers: owner.auth })).statusCode).toBe(204);
    expect((await dashboard(other.auth)).statusCode).toBe(401);
  });

  it("refuses a staff member's token on another store, and a manager's on the team", async () => {
    const member = await addTeamMember(t, owner.id, 'staff');
    const elsewhere = await createVendor(t);
    expect((await dashboard(member.auth, elsewhere.id)).statusCode).toBe(403);
    expect((await inviteAs(member.auth, elsewhere.id, 'x@example.test')).statusCode).toBe(403);
    const manager = await addTeamMember(t, owner.id, 'manager');
    expect((await team(manager.auth)).statusCode).toBe(403);
    expect((await inviteAs(manager.auth, owner.id, 'y@example.test')).statusCode).toBe(403);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('throttles invitation links per client address', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/guess-${i}`, remoteAddress: address });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('POST /api/auth/sign-out-everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("ends every session of the person who asks, and only theirs", async () => {
    const owner = await createVendor(t);
    const member = await addTeamMember(t, owner.id, 'staff');
    const secondBrowser = t.deps.sessions.issue(owner.id, 0, { id: member.id, role: 'staff' });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: member.auth });
    expect(out.statusCode).toBe(204);
    const dashboard = (authorization: string) => t.app.inject({ method: 'GET', url: `/api/dashboard/${owner.id}`, headers: { authorization } });
    expect((await dashboard(member.auth.authorization)).statusCode).toBe(401);
    expect((await dashboard(`Bearer ${secondBrowser}`)).statusCode).toBe(401);
    expect((await dashboard(owner.auth.authorization)).statusCode).toBe(200);
  });
});
