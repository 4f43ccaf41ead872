// Sends mail through nodemailer: SMTP when SMTP_URL is set, otherwise a file outbox in DATA_DIR/outbox.
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the mail is about; printed to the console in outbox mode so a developer can click it. */
  link?: string;
  /** Extra headers (List-Unsubscribe on campaign mail). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The Message-ID (with its angle brackets); nodemailer makes a random one without it. A mail sent again
   * after a crash keeps its Message-ID, so mail servers and programs that drop duplicates show it once.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** Where outbox mode announces each mail (the server's logger). */
  announce?: (line: string) => void;
}

/**
 * Nodemailer's codes for a mail server that cannot be reached or talked to right now (refused, timed out, name
 * not found, TLS or protocol trouble), as opposed to a message it refuses.
 */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EPROTOCOL', 'EAUTH', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND']);

/** Whether a send failed because the mail server is away or answering "try again later" (a 4xx reply). */
export function isMailServerUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  return typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, messageId: message.messageId });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, messageId: message.messageId });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const announce = options.announce ?? ((line: string) => console.log(line));
      announce(`mail to ${message.to}: "${message.subject}" written to ${file}${message.link ? `\n  link: ${message.link}` : ''}`);
    },
    close: () => transport.close(),
  };
}
