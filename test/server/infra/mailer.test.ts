// The SMTP mailer's failures as the rest of the server sees them: a mail server that cannot be talked to is
// "mail unavailable" (a 503 the user can act on), never "database unavailable", whose codes it shares.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { isDatabaseUnavailable } from '../../../server/db/errors';
import { createMailer, isMailServerUnavailable, MailOutcomeUnknownError, MailServerBusyError, MailServerUnavailableError, RELAY_BUSY_HOLD_MS, SMTP_TIMEOUTS } from '../../../server/infra/mailer';
import { retryAtOf } from '../../../server/infra/retry-after';

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

describe('a relay on 127.0.0.1 that is slow, silent or busy', () => {
  interface Relay {
    url: string;
    delivered: number;
    connections: number;
    close(): Promise<void>;
  }

  /** A relay whose reply after the message comes `afterDataMs` later ('never': no reply), and whose MAIL FROM answers what `mailFrom` says. */
  async function startRelay(behaviour: { afterDataMs?: number | 'never'; mailFrom?: 'silent' | 421 }): Promise<Relay> {
    const relay: Relay = { url: '', delivered: 0, connections: 0, close: async () => undefined };
    const held: (() => void)[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, callback) {
        relay.connections += 1;
        callback();
      },
      onMailFrom(_address, _session, callback) {
        if (behaviour.mailFrom === 'silent') return void held.push(() => callback());
        if (behaviour.mailFrom === 421) return callback(Object.assign(new Error('Too busy, try later'), { responseCode: 421 }));
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          // The relay has the whole message: it delivers it, whatever the client hears back.
          relay.delivered += 1;
          if (behaviour.afterDataMs === 'never') return void held.push(() => callback());
          setTimeout(() => callback(), behaviour.afterDataMs ?? 0);
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    relay.url = `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
    relay.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return relay;
  }

  const mail = { to: 'ana@example.com', subject: 'Winter Warmer Week', text: 'A free pastry.' };
  // The silence limit made short (the server's is 10 s); the wait after the message likewise (a minute).
  const timeouts = { connectionTimeout: 1000, greetingTimeout: 1000, socketTimeout: 300, afterData: 3000 };
  const outcome = (promise: Promise<void>) => promise.then(() => 'sent', (error: unknown) => error);

  it('a relay that scans the message for longer than the silence limit: a background mail waits for its reply and is sent once; a mail a request waits for does not know', async () => {
    const relay = await startRelay({ afterDataMs: 900 });
    const mailer = createMailer({ smtpUrl: relay.url, from: 'Stampwise <no-reply@stampwise.test>', outboxDir: '/nonexistent', timeouts });
    try {
      expect(await outcome(mailer.send(mail, { background: true }))).toBe('sent');
      expect(relay.delivered).toBe(1);
      const waited = await outcome(mailer.send(mail));
      expect(waited).toBeInstanceOf(MailOutcomeUnknownError);
      // A request still tells its user the mail server is unavailable.
      expect(isMailServerUnavailable(waited)).toBe(true);
    } finally {
      await relay.close();
    }
  });

  it('a relay that never replies after the message: the outcome is unknown after the background wait', async () => {
    const relay = await startRelay({ afterDataMs: 'never' });
    const mailer = createMailer({ smtpUrl: relay.url, from: 'Stampwise <no-reply@stampwise.test>', outboxDir: '/nonexistent', timeouts: { ...timeouts, afterData: 500 } });
    try {
      expect(await outcome(mailer.send(mail, { background: true }))).toBeInstanceOf(MailOutcomeUnknownError);
      expect(relay.delivered).toBe(1);
    } finally {
      await relay.close();
    }
  });

  it('a relay silent before it has the message is given up on at the silence limit, background or not: unavailable, known not sent', async () => {
    const relay = await startRelay({ mailFrom: 'silent' });
    const mailer = createMailer({ smtpUrl: relay.url, from: 'Stampwise <no-reply@stampwise.test>', outboxDir: '/nonexistent', timeouts });
    try {
      const started = Date.now();
      const error = await outcome(mailer.send(mail, { background: true }));
      expect(Date.now() - started).toBeLessThan(timeouts.afterData);
      expect(error).toBeInstanceOf(MailServerUnavailableError);
      expect(error).not.toBeInstanceOf(MailOutcomeUnknownError);
      expect(relay.delivered).toBe(0);
    } finally {
      await relay.close();
    }
  });

  it('a relay answering 421 is left alone for a minute: the next mails fail at once without a connection, and go again after', async () => {
    const relay = await startRelay({ mailFrom: 421 });
    let now = Date.parse('2026-11-27T12:00:00Z');
    const mailer = createMailer({ smtpUrl: relay.url, from: 'Stampwise <no-reply@stampwise.test>', outboxDir: '/nonexistent', timeouts, now: () => now });
    try {
      const busy = await outcome(mailer.send(mail, { background: true }));
      expect(busy).toBeInstanceOf(MailServerBusyError);
      expect(retryAtOf(busy)).toBe(now + RELAY_BUSY_HOLD_MS);
      expect(RELAY_BUSY_HOLD_MS).toBe(60_000);
      expect(relay.connections).toBe(1);
      now += RELAY_BUSY_HOLD_MS - 1;
      expect(await outcome(mailer.send(mail))).toBeInstanceOf(MailServerBusyError);
      expect(relay.connections).toBe(1);
      now += 1;
      await outcome(mailer.send(mail));
      expect(relay.connections).toBe(2);
    } finally {
      await relay.close();
    }
  });
});
