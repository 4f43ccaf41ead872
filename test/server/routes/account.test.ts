// Account Settings over HTTP: a person's name, an e-mail change confirmed through the new address, their open
// sessions, and the owner deleting the store.
import { buildTestApp, type TestApp } from '../helpers';
import {
  addCard,
  addTeamMember,
  createVendor,
  dynamicToken,
  freshAddress,
  login,
  pairCounterScreen,
  scan,
  setReward,
  signUpVendor,
  stampAt,
  type SignedUpVendor,
} from '../factories';
import { EMAIL_CHANGE_TTL_MS } from '../../../server/services/account-settings';

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('/api/account', () => {
  let t: TestApp;
  let owner: SignedUpVendor;
  let ownerAuth: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    owner = await signUpVendor(t, { business: 'Bean There', email: `owner.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test` });
    ownerAuth = { authorization: `Bearer ${owner.token}` };
    t.mailer.sent.length = 0;
  });

  const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
  const askEmailChange = (auth: Record<string, string>, email: string) => t.app.inject({ method: 'POST', url: '/api/account/email-change', headers: auth, payload: { email } });
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: `/api/account/confirm-email/${token}`, remoteAddress: freshAddress() });
  const linkTokenMailedTo = (to: string) => {
    const mail = [...t.mailer.sent].reverse().find((m) => m.to === to);
    const token = mail?.link ? /\/account\/confirm-email\/([A-Za-z0-9_-]+)$/.exec(mail.link)?.[1] : undefined;
    if (!token) throw new Error(`no confirmation link mailed to ${to}`);
    return token;
  };

  describe('name', () => {
    it("changes the signed-in person's name", async () => {
      const changed = await t.app.inject({ method: 'PUT', url: '/api/account/name', headers: ownerAuth, payload: { name: '  Maria Rossi ' } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ name: 'Maria Rossi' });
      expect((await me(ownerAuth)).json().name).toBe('Maria Rossi');
    });

    it("changes a team member's own name, not the owner's", async () => {
      const staff = await addTeamMember(t, owner.vendorId, 'staff');
      await t.app.inject({ method: 'PUT', url: '/api/account/name', headers: staff.auth, payload: { name: 'Tom' } });
      expect((await me(staff.auth)).json().name).toBe('Tom');
      expect((await me(ownerAuth)).json().name).not.toBe('Tom');
    });
  });

  describe('e-mail change', () => {
    it('mails a link to the new address and a notice to the old; the old address signs in until the link is opened, then the new one', async () => {
      const newEmail = `new.${Date.now()}@example.test`;
      const asked = await askEmailChange(ownerAuth, newEmail);
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ email: newEmail, expiresAt: t.clock.now() + EMAIL_CHANGE_TTL_MS });
      expect(t.mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
        [newEmail, 'Confirm your new e-mail address for Stampwise'],
        [owner.email, 'Your Stampwise e-mail address is being changed'],
      ]);
      expect(t.mailer.sent[1].text).toContain(newEmail);

      expect((await login(t, owner.email, owner.password)).statusCode).toBe(200);
      expect((await login(t, newEmail, owner.password)).statusCode).toBe(401);

      const confirmed = await confirm(linkTokenMailedTo(newEmail));
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ email: newEmail });
      expect((await login(t, newEmail, owner.password)).statusCode).toBe(200);
      expect((await login(t, owner.email, owner.password)).statusCode).toBe(401);
      expect((await me(ownerAuth)).json().email).toBe(newEmail);
    });

    it('answers a replayed link with 410 and an expired one with 410, changing nothing', async () => {
      const first = `first.${Date.now()}@example.test`;
      await askEmailChange(ownerAuth, first);
      const token = linkTokenMailedTo(first);
      expect((await confirm(token)).statusCode).toBe(200);
      expect((await confirm(token)).statusCode).toBe(410);

      const second = `second.${Date.now()}@example.test`;
      await askEmailChange(ownerAuth, second);
      t.clock.advance(EMAIL_CHANGE_TTL_MS + 1);
      expect((await confirm(linkTokenMailedTo(second))).statusCode).toBe(410);
      expect((await me(ownerAuth)).json().email).toBe(first);
      expect((await confirm('not-a-real-token')).statusCode).toBe(404);
    });

    it("refuses an address another person already signs in with (409), when asked and when the link is opened", async () => {
      const staff = await addTeamMember(t, owner.vendorId, 'staff');
      const taken = await askEmailChange(ownerAuth, staff.email.toUpperCase());
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe('This e-mail address already signs in to Stampwise.');
      expect(t.mailer.sent).toEqual([]);

      const wanted = `wanted.${Date.now()}@example.test`;
      await askEmailChange(ownerAuth, wanted);
      const token = linkTokenMailedTo(wanted);
      // Someone else comes to sign in with it before the link is opened.
      const other = await createVendor(t);
      await t.db.kysely.updateTable('vendors').set({ email: wanted, email_normalized: wanted }).where('id', '=', other.id).execute();
      expect((await confirm(token)).statusCode).toBe(409);
      expect((await me(ownerAuth)).json().email).toBe(owner.email);
    });

    it('a password reset link mailed to the old address before the change stops working once the new address is confirmed', async () => {
      const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: owner.email }, remoteAddress: freshAddress() });
      expect(forgot.statusCode).toBe(202);
      const resetMail = [...t.mailer.sent].reverse().find((m) => m.to === owner.email && /\/reset-password\//.test(m.link ?? ''));
      const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)$/.exec(resetMail?.link ?? '')?.[1] ?? '';
      expect(resetToken).not.toBe('');

      const moved = `moved.${Date.now()}@example.test`;
      await askEmailChange(ownerAuth, moved);
      expect((await confirm(linkTokenMailedTo(moved))).statusCode).toBe(200);

      // Whoever still reads the old mailbox cannot set the password.
      const reset = await t.app.inject({ method: 'POST', url: `/api/auth/reset-password/${resetToken}`, payload: { password: 'An0ther-long-passphrase' }, remoteAddress: freshAddress() });
      expect(reset.statusCode).toBe(404);
      expect((await login(t, moved, owner.password)).statusCode).toBe(200);
    });

    it('only the newest link confirms, and a person asks at most 3 times an hour', async () => {
      const addresses = [1, 2, 3, 4].map((n) => `try${n}.${Date.now()}@example.test`);
      for (const address of addresses.slice(0, 3)) expect((await askEmailChange(ownerAuth, address)).statusCode).toBe(202);
      expect((await askEmailChange(ownerAuth, addresses[3])).statusCode).toBe(429);
      expect((await confirm(linkTokenMailedTo(addresses[0]))).statusCode).toBe(410);
      expect((await confirm(linkTokenMailedTo(addresses[2]))).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    const signIn = async (userAgent: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: owner.password }, remoteAddress: freshAddress(), headers: { 'user-agent': userAgent } });
      const auth = { authorization: `Bearer ${response.json().token as string}`, 'user-agent': userAgent };
      // The server records a session the first time it is used.
      await me(auth);
      return auth;
    };
    const sessions = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: auth });

    it("lists the person's open sessions with browser, system, sign-in and last-seen times, this one marked", async () => {
      const laptop = await signIn(CHROME_ON_WINDOWS);
      t.clock.advance(5 * 60_000);
      const phone = await signIn(SAFARI_ON_IPHONE);
      const listed = await sessions(phone);
      expect(listed.statusCode).toBe(200);
      const rows = listed.json().sessions as { browser: string; system: string; current: boolean; signedInAt: number; lastSeenAt: number }[];
      expect(rows.map(({ browser, system, current }) => ({ browser, system, current }))).toEqual([
        { browser: 'Safari', system: 'iPhone', current: true },
        { browser: 'Chrome', system: 'Windows', current: false },
      ]);
      expect(rows[1].lastSeenAt).toBe(rows[1].signedInAt);
      expect(rows[0].signedInAt - rows[1].signedInAt).toBe(5 * 60_000);
      // A team member sees only their own.
      const staff = await addTeamMember(t, owner.vendorId, 'staff');
      expect((await sessions(staff.auth)).json().sessions).toHaveLength(1);
      expect((await sessions(laptop)).statusCode).toBe(200);
    });

    it('signs one session out: its next request is refused, the others go on', async () => {
      const laptop = await signIn(CHROME_ON_WINDOWS);
      const phone = await signIn(SAFARI_ON_IPHONE);
      const laptopId = ((await sessions(phone)).json().sessions as { id: string; current: boolean }[]).find((s) => !s.current)?.id;
      const ended = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${laptopId}`, headers: phone });
      expect(ended.statusCode).toBe(204);
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(phone)).statusCode).toBe(200);
      expect(((await sessions(phone)).json().sessions as unknown[]).length).toBe(1);
    });

    it("cannot sign out another person's session (404)", async () => {
      const laptop = await signIn(CHROME_ON_WINDOWS);
      const laptopId = ((await sessions(laptop)).json().sessions as { id: string }[])[0].id;
      const staff = await addTeamMember(t, owner.vendorId, 'staff');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${laptopId}`, headers: staff.auth })).statusCode).toBe(404);
      expect((await me(laptop)).statusCode).toBe(200);
    });

    it('"sign out everywhere" empties the list', async () => {
      const laptop = await signIn(CHROME_ON_WINDOWS);
      await signIn(SAFARI_ON_IPHONE);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: laptop })).statusCode).toBe(204);
      const fresh = await signIn(CHROME_ON_WINDOWS);
      expect(((await sessions(fresh)).json().sessions as unknown[]).length).toBe(1);
    });
  });

  describe('deleting the store', () => {
    const deleteStore = (auth: Record<string, string>, storeName: string, password: string, vendorId = owner.vendorId) =>
      t.app.inject({ method: 'POST', url: `/api/account/${vendorId}/delete-store`, headers: auth, payload: { storeName, password } });
    const storeRow = () => t.db.kysely.selectFrom('vendors').select('id').where('id', '=', owner.vendorId).executeTakeFirst();

    it("refuses a wrong store name or a wrong password with 400, a manager with 403, and changes nothing", async () => {
      expect((await deleteStore(ownerAuth, 'Bean Their', owner.password)).statusCode).toBe(400);
      const wrongPassword = await deleteStore(ownerAuth, 'Bean There', 'not the password');
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json().error).toBe('The password is not right.');
      const manager = await addTeamMember(t, owner.vendorId, 'manager');
      expect((await deleteStore(manager.auth, 'Bean There', owner.password)).statusCode).toBe(403);
      expect(await storeRow()).toBeDefined();
      expect((await me(ownerAuth)).statusCode).toBe(200);
    });

    it("erases the store's people, screens, cards, stamps and the customers who only knew it; everyone is signed out and its codes find no store", async () => {
      await setReward(t, owner.vendorId, { stamps: 8, item: 'Flat White' });
      const staff = await addTeamMember(t, owner.vendorId, 'staff');
      const screen = await pairCounterScreen(t, { id: owner.vendorId, auth: ownerAuth });
      const onlyHere = await addCard(t, owner.vendorId, 'Lena');
      await stampAt(t, onlyHere, t.clock.now());
      const alsoElsewhere = await addCard(t, owner.vendorId, 'Omar');
      const otherStore = await createVendor(t, { company: 'Elsewhere' });
      await t.db.kysely.insertInto('stamp_cards').values({ id: `elsewhere-${alsoElsewhere.cardId}`, customer_id: alsoElsewhere.customerId, vendor_id: otherStore.id, stamps: 0, last_stamp_at: null, created_at: t.clock.now(), updated_at: t.clock.now() }).execute();
      const code = dynamicToken(t, owner.vendorId);

      const deleted = await deleteStore(ownerAuth, ' Bean There ', owner.password);
      expect([deleted.statusCode, deleted.body]).toEqual([204, '']);

      expect(await storeRow()).toBeUndefined();
      expect((await me(ownerAuth)).statusCode).toBe(401);
      expect((await me(staff.auth)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${owner.vendorId}`, headers: screen.auth })).statusCode).toBe(401);
      expect((await login(t, owner.email, owner.password)).statusCode).toBe(401);
      const customers = await t.db.kysely.selectFrom('customers').select('id').where('id', 'in', [onlyHere.customerId, alsoElsewhere.customerId]).execute();
      expect(customers.map((c) => c.id)).toEqual([alsoElsewhere.customerId]);
      const left = await Promise.all(
        (['stamp_cards', 'stamp_events', 'people', 'counter_devices', 'open_sessions', 'reward_settings'] as const).map(async (table) => [
          table,
          Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', owner.vendorId).executeTakeFirstOrThrow()).n),
        ]),
      );
      expect(Object.fromEntries(left)).toEqual({ stamp_cards: 0, stamp_events: 0, people: 0, counter_devices: 0, open_sessions: 0, reward_settings: 0 });
      const scanned = await scan(t, code, { remoteAddress: freshAddress() });
      expect(scanned.statusCode).toBe(404);
      expect(scanned.json().error).toBe('We could not find this store. It may have left Stampwise.');
    });
  });
});
