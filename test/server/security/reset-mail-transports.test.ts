// "Forgot password?" through both mail transports the app has: real SMTP (SMTP_URL) and the
// file outbox (no SMTP_URL). The link in the mail that arrives opens the reset and signs the vendor in.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMailer, type Mailer } from '../../../server/infra/mailer';
import { buildTestApp, type TestApp } from '../helpers';
import { freshAddress, signUpVendor } from '../factories';
import { startFakeSmtpServer } from '../../support/fake-smtp';


/** Builds a test app whose mailer is `mailer` once sign-up is done (sign-up reads its link from the capturing mailer). */
async function appThatMailsWith(makeMailer: () => Mailer): Promise<{ t: TestApp; email: string; restore(): void }> {
  const t = await buildTestApp();
  const vendor = await signUpVendor(t);
  const capturing = t.deps.mailer;
  const real = makeMailer();
  t.deps.mailer = real;
  return { t, email: vendor.email, restore: () => { real.close(); t.deps.mailer = capturing; } };
}

async function resetThroughLink(t: TestApp, link: string): Promise<number> {
  const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(link)?.[1] ?? '';
  const response = await t.app.inject({ method: 'POST', url: `/api/auth/reset-password/${token}`, payload: { password: 'Sourdough at sunrise' }, remoteAddress: freshAddress() });
  return response.statusCode;
}

const forgot = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshAddress() });

test('through real SMTP', async () => {
  const smtp = await startFakeSmtpServer();
  const { t, email, restore } = await appThatMailsWith(() => createMailer({ smtpUrl: smtp.url, from: 'Stampwise <no-reply@stampwise.test>', outboxDir: '/nonexistent' }));
  try {
    expect((await forgot(t, email)).statusCode).toBe(202);
    // The mail goes out after the answer (an address with an account must not answer later than one without).
    const mail = await smtp.waitForMail(email);
    expect(smtp.mails.map((m) => m.to)).toEqual([email.toLowerCase()]);
    const link = /http:\/\/stampwise\.test\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] ?? '';
    expect(await resetThroughLink(t, link)).toBe(200);
  } finally {
    restore();
    await t.close();
    await smtp.close();
  }
});

test('through the outbox', async () => {
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stampwise-outbox-'));
  const announced: string[] = [];
  let written = (): void => undefined;
  const mailWritten = new Promise<void>((resolve) => {
    written = resolve;
  });
  const { t, email, restore } = await appThatMailsWith(() =>
    createMailer({ smtpUrl: undefined, from: 'Stampwise <no-reply@stampwise.test>', outboxDir, announce: (line) => {
      announced.push(line);
      written();
    } }),
  );
  try {
    expect((await forgot(t, email)).statusCode).toBe(202);
    // The mail goes out after the answer: the outbox announces each file once it is written.
    await mailWritten;
    const files = await fs.readdir(outboxDir);
    expect(files).toHaveLength(1);
    const body = (await fs.readFile(path.join(outboxDir, files[0]), 'utf8')).replace(/=\r?\n/g, '');
    expect(body).toContain(`To: ${email}`);
    const link = /http:\/\/stampwise\.test\/reset-password\/[A-Za-z0-9_-]{43}/.exec(body)?.[0] ?? '';
    expect(announced.join('\n')).toContain(link);
    expect(await resetThroughLink(t, link)).toBe(200);
  } finally {
    restore();
    await t.close();
    await fs.rm(outboxDir, { recursive: true, force: true });
  }
});
