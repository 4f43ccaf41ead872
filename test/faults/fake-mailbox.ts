// A mail server on 127.0.0.1 shared by every server of a fault suite (their SMTP_URL points at it, often
// through a TCP proxy that can take it down). It keeps every message it accepted, with its Message-ID,
// and answers what a recipient's mailbox would show: one message per Message-ID, as mail servers and
// programs that drop duplicates show them.
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { CapturedMail } from '../e2e/harness';
import { freePort } from '../e2e/harness';

export interface AcceptedMail extends CapturedMail {
  messageId: string | undefined;
}

export interface FakeMailbox {
  port: number;
  /** Every message accepted, duplicates included, in order. */
  accepted: AcceptedMail[];
  /** What `to`'s mailbox shows: one message per Message-ID. */
  inbox(to: string): AcceptedMail[];
  waitForMail(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startFakeMailbox(): Promise<FakeMailbox> {
  const accepted: AcceptedMail[] = [];
  const port = await freePort();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            accepted.push({
              to: recipient.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              receivedAt: Date.now(),
              messageId: parsed.messageId,
            });
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    port,
    accepted,
    inbox(to) {
      const wanted = to.toLowerCase();
      const seen = new Set<string>();
      return accepted.filter((mail) => {
        if (mail.to !== wanted) return false;
        const key = mail.messageId ?? `${mail.receivedAt}:${mail.subject}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
    async waitForMail(to, { since = 0, timeoutMs = 15_000 } = {}) {
      const wanted = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = accepted.find((m) => m.to === wanted && m.receivedAt >= since);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
