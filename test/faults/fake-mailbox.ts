// A mail server on 127.0.0.1 shared by every server of a fault suite (their SMTP_URL points at it, often
// through a TCP proxy that can take it down). Beside every message it accepted, it answers what a
// recipient's mailbox would show: one message per Message-ID, as mail servers and programs that drop
// duplicates show them.
import { startFakeSmtpServer, type CapturedMail, type FakeSmtpServer } from '../support/fake-smtp';

export interface FakeMailbox extends Pick<FakeSmtpServer, 'port' | 'waitForMail' | 'close'> {
  /** Every message accepted, duplicates included, in order. */
  accepted: CapturedMail[];
  /** What `to`'s mailbox shows: one message per Message-ID. */
  inbox(to: string): CapturedMail[];
}

export async function startFakeMailbox(): Promise<FakeMailbox> {
  const smtp = await startFakeSmtpServer();
  return {
    port: smtp.port,
    accepted: smtp.mails,
    inbox(to) {
      const wanted = to.toLowerCase();
      const seen = new Set<string>();
      return smtp.mails.filter((mail) => {
        if (mail.to !== wanted) return false;
        const key = mail.messageId ?? `${mail.receivedAt}:${mail.subject}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
    waitForMail: smtp.waitForMail,
    close: smtp.close,
  };
}
