// The SMTP mailer's failures as the rest of the server sees them: a mail server that cannot be talked to is
// "mail unavailable" (a 503 the user can act on), never "database unavailable", whose codes it shares.
import net from 'node:net';
import { isDatabaseUnavailable } from '../../../server/db/errors';
import { createMailer, isMailServerUnavailable, MailServerUnavailableError, SMTP_TIMEOUTS } from '../../../server/infra/mailer';

/** A port nothing listens on: one opened and closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it('a refused connection rejects with MailServerUnavailableError, which does not read as the database being away', async () => {
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'Stampwise <no-reply@stampwise.test>', outboxDir: '/nonexistent' });
  const error: unknown = await mailer.send({ to: 'ana@example.com', subject: 'Hello', text: 'Hi' }).then(() => undefined, (e: unknown) => e);
  mailer.close();
  expect(error).toBeInstanceOf(MailServerUnavailableError);
  expect(isMailServerUnavailable(error)).toBe(true);
  expect(isDatabaseUnavailable(error)).toBe(false);
});

it('a mail server timing out is wrapped the same way, and no wait on it outlasts a request a user would sit through', () => {
  const timedOut = new MailServerUnavailableError(Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT' }));
  expect(isDatabaseUnavailable(timedOut)).toBe(false);
  expect(isMailServerUnavailable(timedOut)).toBe(true);
  expect(timedOut.smtpCode).toBe('ETIMEDOUT');
  expect(Math.max(...Object.values(SMTP_TIMEOUTS))).toBeLessThanOrEqual(10_000);
});
