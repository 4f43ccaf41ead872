// A mail server on 127.0.0.1 for tests whose app sends real SMTP (its SMTP_URL points here): it accepts every
// message without TLS or a login and keeps it parsed, one entry per recipient, in the order it arrived —
// duplicates included, as a real server would take them.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export interface CapturedMail {
  /** The recipient's address, lower-cased. */
  to: string;
  subject: string;
  /** The plain-text part, decoded (no quoted-printable line wraps). */
  text: string;
  html: string;
  messageId: string | undefined;
  /** Epoch ms. */
  receivedAt: number;
}

export interface FakeSmtpServer {
  port: number;
  /** What an app's SMTP_URL is set to. */
  url: string;
  /** Every message accepted, in order. */
  mails: CapturedMail[];
  /** Resolves with the first mail to `to` received at `since` (epoch ms) or later; rejects after `timeoutMs`. */
  waitForMail(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

const POLL_MS = 100;

export interface FakeSmtpOptions {
  /**
   * How long the server takes to reply once it has the n-th message (0 for the first), which it keeps
   * at once whatever the reply: a relay scanning the message, or one that goes silent ('never').
   */
  replyAfterMessage?: (n: number) => number | 'never';
}

export async function startFakeSmtpServer(options: FakeSmtpOptions = {}): Promise<FakeSmtpServer> {
  const mails: CapturedMail[] = [];
  const port = await freePort();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            mails.push({
              to: recipient.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId,
              receivedAt: Date.now(),
            });
          }
          // Answered only once the message is kept: the sender's "sent" means the mail is in `mails`.
          const delay = options.replyAfterMessage?.(mails.length - session.envelope.rcptTo.length) ?? 0;
          if (delay === 'never') return;
          if (delay === 0) callback();
          else setTimeout(() => callback(), delay);
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(to, { since = 0, timeoutMs = 15_000 } = {}) {
      const wanted = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.find((m) => m.to === wanted && m.receivedAt >= since);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms (got: ${mails.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none'})`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
