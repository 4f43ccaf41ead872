// Registering while the mail server is unreachable: the account is kept, the answer says the mail is what is
// missing (a 503 the page words as "saved, not sent"), and registering again once mail is back sends the link.
import { MAIL_UNAVAILABLE_REASON } from '../../../../src/api/contract/protocol';
import { MailServerUnavailableError } from '../../../../server/infra/mailer';
import { postRegister, registrationFields, withAuthApp, tokenFromMail } from '../../factories';
import type { TestApp } from '../../helpers';

/** What nodemailer throws when nothing listens at SMTP_URL's port. */
function connectionRefused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2599'), { code: 'ESOCKET', command: 'CONN' });
}

describe('POST /api/auth/register while the mail server is unreachable', () => {
  let t: TestApp;
  withAuthApp((app) => (t = app));

  it('answers 503 mail-unavailable, keeps the account, and a second Register once mail is back sends a working link', async () => {
    const delivered = t.mailer.send;
    t.mailer.send = async () => {
      throw connectionRefused();
    };
    const fields = registrationFields();
    try {
      const refused = await postRegister(t, fields);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: expect.stringMatching(/mail/i), reason: MAIL_UNAVAILABLE_REASON });
      expect(refused.headers['retry-after']).toBe('60');
    } finally {
      t.mailer.send = delivered;
    }
    const vendors = await t.db.kysely.selectFrom('vendors').select(['email', 'verified_at']).execute();
    expect(vendors).toEqual([{ email: fields.email, verified_at: null }]);

    const again = await postRegister(t, fields);
    expect(again.statusCode).toBe(201);
    const verify = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${tokenFromMail(t, fields.email)}` });
    expect(verify.json()).toMatchObject({ ok: true });
  });

  it('a mail server that timed out (ETIMEDOUT, as the database shares) answers mail-unavailable, not database-unavailable', async () => {
    const delivered = t.mailer.send;
    t.mailer.send = async () => {
      throw new MailServerUnavailableError(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT' }));
    };
    try {
      const response = await postRegister(t, registrationFields());
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: expect.stringMatching(/mail/i), reason: MAIL_UNAVAILABLE_REASON });
      expect(response.headers['retry-after']).toBe('60');
    } finally {
      t.mailer.send = delivered;
    }
  });

  it('a refusal by the mail server of the message itself (5xx) stays a 500', async () => {
    const delivered = t.mailer.send;
    t.mailer.send = async () => {
      throw Object.assign(new Error('550 mailbox unavailable'), { code: 'EENVELOPE', responseCode: 550 });
    };
    try {
      const response = await postRegister(t, registrationFields());
      expect(response.statusCode).toBe(500);
    } finally {
      t.mailer.send = delivered;
    }
  });
});
