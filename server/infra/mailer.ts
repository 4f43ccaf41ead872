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
  /**
   * Undoes what was saved for a mail that does not go out (the link's token, which would otherwise count
   * towards "one mail a minute" although no mail came). Called by a sender that nobody waits for
   * (`mailAfterAnswer`); a caller that waits for `send` sees its failure itself.
   */
  onUndelivered?: () => Promise<void>;
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

/**
 * What a send through SMTP throws when the mail server is away or answering "try again later". Its own
 * class, without nodemailer's code or a `cause`: a mail server that times out (`ETIMEDOUT`) or resets the
 * connection must not read as the database being unreachable, which shares those codes.
 */
export class MailServerUnavailableError extends Error {
  override readonly name = 'MailServerUnavailableError';
  /** Nodemailer's code (`ETIMEDOUT`, `ESOCKET`…) or the mail server's 4xx reply code, for the log. */
  readonly smtpCode: string | number | undefined;

  constructor(error: unknown) {
    const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
    super(`the mail server is unavailable: ${message ?? String(error)}`);
    this.smtpCode = code ?? responseCode;
  }
}

/** Whether a send failed because the mail server is away or answering "try again later" (a 4xx reply). */
export function isMailServerUnavailable(error: unknown): boolean {
  if (error instanceof MailServerUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  return typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500;
}

/**
 * How long a send waits on the mail server. Registration, invitations and e-mail changes wait for their mail
 * before answering, so a mail server that accepts connections and then says nothing must not hold them for
 * nodemailer's defaults (30 s for the greeting, 10 minutes of silence mid-conversation): they answer
 * `503 mail-unavailable` instead, and the user is told to try again. A working mail server answers each
 * step in well under a second; the silence allowed covers a relay that checks the message before its
 * final reply.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 } as const;

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        try {
          await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, messageId: message.messageId });
        } catch (error) {
          throw isMailServerUnavailable(error) ? new MailServerUnavailableError(error) : error;
        }
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
