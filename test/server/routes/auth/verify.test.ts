import type { TestApp } from '../../helpers';
import { freshAddress, postRegister, registrationFields, withAuthApp, signUpVendor, tokenFromMail } from '../../factories';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

describe('GET /api/auth/verify/:token', () => {
  let t: TestApp;
  withAuthApp((app) => (t = app));

  async function registered(): Promise<{ email: string; token: string; vendorId: string }> {
    const fields = registrationFields();
    await postRegister(t, fields);
    const vendor = await t.db.kysely.selectFrom('vendors').select('id').where('email_normalized', '=', fields.email).executeTakeFirstOrThrow();
    return { email: fields.email, token: tokenFromMail(t, fields.email), vendorId: vendor.id };
  }
  const verify = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/verify/${token}`, remoteAddress: freshAddress() });

  it('answers { ok: true, vendorId } for a valid link, and again when opened twice (it is not used up)', async () => {
    const { token, vendorId } = await registered();
    for (let i = 0; i < 2; i += 1) {
      const response = await verify(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, vendorId });
    }
    const row = await t.db.kysely.selectFrom('email_tokens').select('used_at').executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('still accepts the link one minute before it expires', async () => {
    const { token } = await registered();
    t.clock.advance(DAY_MS - MINUTE_MS);
    expect((await verify(token)).json()).toMatchObject({ ok: true });
  });

  it.each([
    ['an unknown token', 'a'.repeat(43)],
    ['a token of another shape', 'not-a-real-token'],
  ])('answers 404 { error } for %s', async (_label, token) => {
    await registered();
    const response = await verify(token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.stringMatching(/not valid/) });
  });

  it('answers 404 for a link that was already used to set the password', async () => {
    const fields = registrationFields();
    await signUpVendor(t, fields);
    const token = tokenFromMail(t, fields.email!);
    const response = await verify(token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('error');
  });

  it('answers 414 { error } for a token far longer than any real one', async () => {
    const response = await verify('x'.repeat(300));
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  describe('an expired link', () => {
    it('answers { ok: false } and mails a fresh link that works', async () => {
      const { email, token, vendorId } = await registered();
      t.clock.advance(DAY_MS);

      const response = await verify(token);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: false });
      const mail = t.mailer.last();
      expect(mail?.to).toBe(email);
      expect(mail?.subject).toMatch(/new .*link/i);
      const freshToken = tokenFromMail(t, email);
      expect(freshToken).not.toBe(token);
      expect((await verify(freshToken)).json()).toEqual({ ok: true, vendorId });
    });

    it('mails at most one new link per 5 minutes, however often it is opened', async () => {
      const { token } = await registered();
      t.clock.advance(DAY_MS + MINUTE_MS);
      const mailsBefore = t.mailer.sent.length;

      await verify(token);
      t.clock.advance(MINUTE_MS);
      await verify(token);
      t.clock.advance(3 * MINUTE_MS);
      const stillExpired = await verify(token);
      expect(stillExpired.json()).toEqual({ ok: false });
      expect(t.mailer.sent.length).toBe(mailsBefore + 1);

      t.clock.advance(MINUTE_MS + 1);
      await verify(token);
      expect(t.mailer.sent.length).toBe(mailsBefore + 2);
    });

    it('limits the resend per vendor: opening two expired links of one vendor sends one mail', async () => {
      const fields = registrationFields();
      await postRegister(t, fields);
      const first = tokenFromMail(t, fields.email);
      t.clock.advance(10 * MINUTE_MS);
      await postRegister(t, fields); // a second link, e.g. after registering again
      const second = tokenFromMail(t, fields.email);
      t.clock.advance(DAY_MS + 10 * MINUTE_MS);
      const mailsBefore = t.mailer.sent.length;

      await verify(first);
      await verify(second);

      expect(t.mailer.sent.length).toBe(mailsBefore + 1);
    });
  });
});
