// An owner whose address is not verified yet (the link used, expired or lost) asks for a new one from sign-in or
// "Forgot password?". The answer is the same for every address, so strangers learn nothing; only a real account
// that is not verified yet gets the mail, at most 3 in 15 minutes, and each client address may ask 5 times in 15 minutes.
import type { TestApp } from '../../helpers';
import { freshAddress, postRegister, registrationFields, signUpVendor, tokenFromMail, withAuthApp } from '../../factories';

let t: TestApp;
withAuthApp((app) => {
  t = app;
});

const SAME_ANSWER = {
  message: 'If this e-mail address belongs to an account that is not verified yet, we have sent it a new verification link. The link works once, for 24 hours.',
};

const askForLink = (email: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email }, remoteAddress });

async function registerUnverified(): Promise<string> {
  const fields = registrationFields();
  expect((await postRegister(t, fields)).statusCode).toBe(201);
  return fields.email;
}

describe('POST /api/auth/resend-verification', () => {
  it('mails an account not verified yet a new link that works, even right after registering', async () => {
    const email = await registerUnverified();
    const firstLink = tokenFromMail(t, email);
    t.clock.advance(1000);

    const response = await askForLink(email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(SAME_ANSWER);
    expect(t.mailer.sent).toHaveLength(2);
    expect(t.mailer.last()).toMatchObject({ to: email, subject: 'Your new Stampwise verification link' });
    expect(t.mailer.last()?.text).toContain('You asked for a new link');

    const newLink = tokenFromMail(t, email);
    expect(newLink).not.toBe(firstLink);
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${newLink}`, remoteAddress: freshAddress() });
    expect(verified.json()).toMatchObject({ ok: true });
  });

  it('answers an unknown address and a verified account exactly the same, and mails neither', async () => {
    const verified = await signUpVendor(t);
    const sentBefore = t.mailer.sent.length;
    for (const email of ['nobody@cafe.example', verified.email]) {
      const response = await askForLink(email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(SAME_ANSWER);
    }
    expect(t.mailer.sent).toHaveLength(sentBefore);
  });

  it('mails one account at most 3 verification links in 15 minutes (registration included), however often it is asked', async () => {
    const email = await registerUnverified();
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(1000);
      await askForLink(email);
    }
    expect(t.mailer.sent).toHaveLength(3);
    t.clock.advance(15 * 60 * 1000);
    await askForLink(email);
    expect(t.mailer.sent).toHaveLength(4);
  });

  it('throttles a client address after 5 requests in 15 minutes (429), whatever the address asked for', async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 5; i += 1) expect((await askForLink(`someone${i}@cafe.example`, remoteAddress)).statusCode).toBe(202);
    expect((await askForLink('someone5@cafe.example', remoteAddress)).statusCode).toBe(429);
  });

  it('refuses an address that is not an e-mail address (400)', async () => {
    expect((await askForLink('not-an-address')).statusCode).toBe(400);
  });
});

describe('POST /api/auth/forgot-password for an address not verified yet', () => {
  it('mails a new verification link (the way to set a password), even right after registering, and says so to everyone', async () => {
    const email = await registerUnverified();
    t.clock.advance(1000);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(202);
    expect((response.json() as { message: string }).message).toContain('If the address is not verified yet, we have sent a new verification link instead');
    expect(t.mailer.sent).toHaveLength(2);
    expect(t.mailer.last()).toMatchObject({ to: email, subject: 'Your new Stampwise verification link' });
    expect(t.mailer.last()?.link).toMatch(/\/verify\//);
  });
});
