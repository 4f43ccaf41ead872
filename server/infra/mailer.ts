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

export interface MailSendOptions {
  /**
   * Nobody waits for this mail (a campaign's, sent by the job queue): once the whole message is sent, the
   * relay gets MAIL_TIMEOUTS.afterData to answer, where a mail a request waits for gets the silence limit.
   */
  background?: boolean;
  /** Ends the conversation (the job ran out of time); after the message went, its outcome is unknown. */
  signal?: AbortSignal;
}

export interface Mailer {
  send(message: MailMessage, options?: MailSendOptions): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** Where outbox mode announces each mail (the server's logger). */
  announce?: (line: string) => void;
  /** Tests shorten the waits (SMTP_TIMEOUTS and the background wait after the message). */
  timeouts?: Partial<MailTimeouts>;
  /** The clock a relay's "421 busy" hold is kept on (the job queue's). */
  now?: () => number;
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
  override readonly name: string = 'MailServerUnavailableError';
  /** Nodemailer's code (`ETIMEDOUT`, `ESOCKET`…) or the mail server's 4xx reply code, for the log. */
  readonly smtpCode: string | number | undefined;

  constructor(error: unknown) {
    const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
    super(`the mail server is unavailable: ${message ?? String(error)}`);
    this.smtpCode = code ?? responseCode;
  }
}

/**
 * The relay went silent, or the connection ended, after it had the whole message and before its final reply:
 * it may have delivered the mail. Still "mail unavailable" to a request waiting for it; campaign delivery
 * records it and sends such a message again at most once (docs/campaigns.md).
 */
export class MailOutcomeUnknownError extends MailServerUnavailableError {
  override readonly name = 'MailOutcomeUnknownError';
}

/** A relay that answered 421 ("service not available, closing channel"): its hold is over at `retryAt`. */
export class MailServerBusyError extends MailServerUnavailableError {
  override readonly name = 'MailServerBusyError';
  constructor(
    error: unknown,
    readonly retryAt: number,
  ) {
    super(error);
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

/**
 * A relay may scan a message (spam, viruses) before its final reply: RFC 5321 §4.5.3.2.6 asks a client to
 * wait 10 minutes there. A mail nobody waits for gets a minute, since one lane of the campaign runner
 * waits with it; the silence limit before the message is sent stays the dead server's 10 s.
 */
export const BACKGROUND_AFTER_DATA_MS = 60_000;

/** A relay that answered 421 gets no mail from this server for this long (SMTP names no moment to return). */
export const RELAY_BUSY_HOLD_MS = 60_000;

export interface MailTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  /** The longest silence of the relay in the conversation before the whole message is sent. */
  socketTimeout: number;
  /** The longest wait for the final reply after the message, for a background mail. */
  afterData: number;
}

/** A nodemailer logger that only watches: its lines tell when the relay last spoke and when the message went. */
interface ConversationWatch {
  logger: Record<'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal', (entry: unknown, ...args: unknown[]) => void>;
  /** True once nodemailer wrote the whole message (the final dot) and waits for the relay's reply. */
  messageSent(): boolean;
  stop(): void;
}

/**
 * Ends the conversation (through `abort`) when the relay is silent for `silenceMs` before the message is sent.
 * After that, nodemailer's own socket timeout (the wait after the message) is the limit.
 */
function watchConversation(silenceMs: number, abort: () => void): ConversationWatch {
  let sent = false;
  let timer: NodeJS.Timeout | undefined;
  const quiet = () => {
    clearTimeout(timer);
    if (sent) return;
    timer = setTimeout(abort, silenceMs);
    timer.unref();
  };
  const line = (entry: unknown) => {
    // nodemailer logs `tnx: 'message'` once the message stream, its final dot included, is written.
    if ((entry as { tnx?: unknown } | null)?.tnx === 'message') sent = true;
    quiet();
  };
  quiet();
  return {
    logger: { trace: line, debug: line, info: line, warn: line, error: line, fatal: line },
    messageSent: () => sent,
    stop: () => clearTimeout(timer),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const timeouts: MailTimeouts = { ...SMTP_TIMEOUTS, afterData: BACKGROUND_AFTER_DATA_MS, ...options.timeouts };
    const now = options.now ?? Date.now;
    let busyUntil = 0;
    return {
      async send(message, sendOptions = {}) {
        if (busyUntil > now()) throw new MailServerBusyError(new Error(`the mail server answered 421; holding mail until ${new Date(busyUntil).toISOString()}`), busyUntil);
        const silenced = new AbortController();
        const watch = watchConversation(timeouts.socketTimeout, () => silenced.abort());
        // One transport a mail: its logger watches that one conversation (nodemailer opens a connection per mail anyway).
        const transport = nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: timeouts.connectionTimeout,
          greetingTimeout: timeouts.greetingTimeout,
          socketTimeout: Math.max(timeouts.socketTimeout, sendOptions.background ? timeouts.afterData : timeouts.socketTimeout),
          transactionLog: true,
          logger: watch.logger,
        });
        const signal = sendOptions.signal ? AbortSignal.any([silenced.signal, sendOptions.signal]) : silenced.signal;
        try {
          await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, messageId: message.messageId, signal });
        } catch (error) {
          const { responseCode } = error as { responseCode?: unknown };
          // A reply is a definite answer; anything else once the message went (silence, a cut connection, an abort) is not.
          if (watch.messageSent() && typeof responseCode !== 'number') throw new MailOutcomeUnknownError(error);
          if (silenced.signal.aborted) throw new MailServerUnavailableError(Object.assign(new Error(`the mail server said nothing for ${timeouts.socketTimeout} ms`), { code: 'ETIMEDOUT' }));
          if (responseCode === 421) {
            busyUntil = Math.max(busyUntil, now() + RELAY_BUSY_HOLD_MS);
            throw new MailServerBusyError(error, busyUntil);
          }
          if (sendOptions.signal?.aborted) throw new MailServerUnavailableError(error);
          throw isMailServerUnavailable(error) ? new MailServerUnavailableError(error) : error;
        } finally {
          watch.stop();
          transport.close();
        }
      },
      close: () => undefined,
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
