import type { TestApp } from '../../helpers';
import { STRONG_PASSWORD, freshAddress, login, postRegister, registrationFields, tokenFromMail, withAuthApp } from '../../factories';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /api/auth/complete-registration/:token', () => {
  let t: TestApp;
  withAuthApp((app) => (t = app));

  async function registered(): Promise<{ email: string; token: string; vendorId: string }> {
    const fields = registrationFields();
    await postRegister(t, fields);
    const vendor = await t.db.kysely.selectFrom('vendors').select('id').where('email_normalized', '=', fields.email).executeTakeFirstOrThrow();
    return { email: fields.email, token: tokenFromMail(t, fields.email), vendorId: vendor.id };
  }
  const complete = (token: string, payload: unknown, headers?: Record<string, string>) =>
    // Each from its own address: link routes are throttled per address (see test/server/security/auth.test.ts).
    t.app.inject({ method: 'POST', url: `/api/auth/complete-registration/${token}`, payload: payload as string, remoteAddress: freshAddress(), ...(headers ? { headers } : {}) });
  const vendorRow = (id: string) => t.db.kysely.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('stores an argon2id hash, marks the e-mail verified and answers a session token for the vendor', async () => {
    const { token, vendorId, email } = await registered();

    const response = await complete(token, { vendorId, password: STRONG_PASSWORD });

    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; vendorId: string };
    expect(body.vendorId).toBe(vendorId);
    expect(t.deps.sessions.verify(body.token)).toMatchObject({ sub: vendorId });
    const vendor = await vendorRow(vendorId);
    expect(vendor.password_hash).toMatch(/^\$argon2id\$/);
    expect(vendor.password_hash).not.toContain(STRONG_PASSWORD);
    expect(vendor.verified_at).toBe(t.clock.now());
    expect((await login(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('uses the link up: a second submission answers 404 and keeps the first password', async () => {
    const { token, vendorId, email } = await registered();
    expect((await complete(token, { vendorId, password: STRONG_PASSWORD })).statusCode).toBe(200);

    const again = await complete(token, { vendorId, password: 'A different strong passphrase' });

    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: expect.stringMatching(/not valid/) });
    expect((await login(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, email, 'A different strong passphrase')).statusCode).toBe(401);
  });

  it('lets exactly one of two simultaneous submissions succeed', async () => {
    const { token, vendorId } = await registered();
    const responses = await Promise.all([
      complete(token, { vendorId, password: 'First passphrase wins?' }),
      complete(token, { vendorId, password: 'Second passphrase wins?' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('kills the vendor’s other outstanding links once one has been used', async () => {
    const fields = registrationFields();
    await postRegister(t, fields);
    const older = tokenFromMail(t, fields.email);
    await postRegister(t, fields);
    const newer = tokenFromMail(t, fields.email);
    const vendorId = ((await t.app.inject({ method: 'GET', url: `/api/auth/verify/${newer}` })).json() as { vendorId: string }).vendorId;

    expect((await complete(newer, { vendorId, password: STRONG_PASSWORD })).statusCode).toBe(200);

    expect((await complete(older, { vendorId, password: 'Taking over the account' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify/${older}` })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown token', async () => {
    const { vendorId } = await registered();
    const response = await complete('b'.repeat(43), { vendorId, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('error');
  });

  it('answers 404 for a token that belongs to another vendor, and changes neither account', async () => {
    const mine = await registered();
    const theirs = await registered();

    const response = await complete(mine.token, { vendorId: theirs.vendorId, password: STRONG_PASSWORD });

    expect(response.statusCode).toBe(404);
    expect((await vendorRow(mine.vendorId)).password_hash).toBeNull();
    expect((await vendorRow(theirs.vendorId)).password_hash).toBeNull();
    // The link still works for its own vendor.
    expect((await complete(mine.token, { vendorId: mine.vendorId, password: STRONG_PASSWORD })).statusCode).toBe(200);
  });

  it('answers 400 for an expired link and sets no password', async () => {
    const { token, vendorId } = await registered();
    t.clock.advance(DAY_MS + 1);
    const response = await complete(token, { vendorId, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(/expired/) });
    expect((await vendorRow(vendorId)).password_hash).toBeNull();
  });

  describe('the password rule', () => {
    it.each([
      ['7 characters', 'Ab3$xyz', /at least 8 characters/],
      ['129 characters', `${'Long passphrase '.repeat(8)}x`, /at most 128 characters/],
      ['a common password', 'password1', /too common/],
      ['a common password in other capitals', 'SunShine', /too common/],
      ['a common digit run', '12345678', /too common/],
      ['an empty password', '', /at least 8 characters/],
    ])('refuses %s with 400 and a message saying why', async (_label, password, message) => {
      const { token, vendorId } = await registered();
      const response = await complete(token, { vendorId, password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringMatching(message), details: [{ field: 'password', message: expect.stringMatching(message) }] });
      expect((await vendorRow(vendorId)).password_hash).toBeNull();
      // A refused password does not use up the link.
      expect((await complete(token, { vendorId, password: STRONG_PASSWORD })).statusCode).toBe(200);
    });

    it('says why in the language the page asks for, the English sentence staying in the details', async () => {
      const { token, vendorId } = await registered();
      const response = await complete(token, { vendorId, password: 'password1' }, { 'accept-language': 'fr-FR,fr;q=0.9' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre.',
        details: [{ field: 'password', message: 'This password is too common and easy to guess. Please choose another one.' }],
      });
      const short = await complete(token, { vendorId, password: 'kurz' }, { 'accept-language': 'de' });
      expect(short.json()).toMatchObject({ error: 'Das Passwort muss mindestens 8 Zeichen lang sein.' });
    });

    it.each([
      ['exactly 8 characters', 'c0ffee#1'],
      ['exactly 128 characters', 'x'.repeat(120) + 'Stamp#12'],
      ['a long passphrase with spaces and accents', 'crème brûlée at the corner café'],
    ])('accepts %s', async (_label, password) => {
      const { token, vendorId, email } = await registered();
      expect((await complete(token, { vendorId, password })).statusCode).toBe(200);
      expect((await login(t, email, password)).statusCode).toBe(200);
    });
  });

  describe('bad requests', () => {
    it('answers 400 for malformed JSON', async () => {
      const { token } = await registered();
      const response = await complete(token, '{"vendorId": "x", "password": ', { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The request body is not valid JSON.' });
    });

    it.each([
      ['password missing', (vendorId: string) => ({ vendorId }), 'password'],
      ['vendorId missing', () => ({ password: STRONG_PASSWORD }), 'vendorId'],
      ['password as an object', (vendorId: string) => ({ vendorId, password: { value: STRONG_PASSWORD } }), 'password'],
      ['vendorId as an object', () => ({ vendorId: { $ne: '' }, password: STRONG_PASSWORD }), 'vendorId'],
      ['an unknown field', (vendorId: string) => ({ vendorId, password: STRONG_PASSWORD, role: 'admin' }), 'role'],
    ])('answers 400 naming the field for %s', async (_label, body, field) => {
      const { token, vendorId } = await registered();
      const response = await complete(token, body(vendorId));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), details: [{ field }] });
      expect((await vendorRow(vendorId)).password_hash).toBeNull();
    });

    it('answers 413 for a body over 1 MB', async () => {
      const { token, vendorId } = await registered();
      const response = await complete(token, { vendorId, password: 'x'.repeat(1024 * 1024 + 1) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toHaveProperty('error');
    });

    it('answers 415 for a body that is neither JSON nor a form', async () => {
      const { token } = await registered();
      const response = await complete(token, '<xml/>', { 'content-type': 'application/xml' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toHaveProperty('error');
    });
  });
});
