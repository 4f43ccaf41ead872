// A client of Apple's push service (APNs) for Wallet passes: HTTP/2, one connection kept open, each
// push an empty JSON body to /3/device/<push token> with the pass type id as topic, authenticated by
// the Pass Type ID certificate over TLS. An http:// URL speaks cleartext HTTP/2 (a local fake in tests).
import http2 from 'node:http2';
import { retryAfterAt, ServiceBusyError } from './retry-after';

export interface ApnsClientOptions {
  /** https://api.push.apple.com, or http://127.0.0.1:port for a local fake. */
  url: string;
  /** The pass type id: APNs routes the push to Wallet by it. */
  topic: string;
  cert: string;
  key: string;
  passphrase?: string;
  /** A push without an answer after this long fails (and is retried by the queue). */
  timeoutMs?: number;
  now?: () => number;
}

export interface ApnsAnswer {
  status: number;
  /** APNs' reason for a refusal ("Unregistered", "BadDeviceToken"…), when it gave one. */
  reason?: string;
  /** A 429 or 503 with Retry-After: when APNs may be asked again (every push waits until then). */
  retryAt?: number;
}

export interface ApnsClient {
  /**
   * Tells the phone behind `pushToken` that its passes changed; rejects when no answer came, and with a
   * ServiceBusyError, sending nothing, while APNs' last Retry-After has not passed.
   */
  push(pushToken: string, signal?: AbortSignal): Promise<ApnsAnswer>;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function createApnsClient(options: ApnsClientOptions): ApnsClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cleartext = options.url.startsWith('http://');
  const now = options.now ?? Date.now;
  let session: http2.ClientHttp2Session | undefined;
  /** APNs asked every push of this server to wait until then (one host: the hold is the client's). */
  let heldUntil = 0;

  function connect(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = cleartext
      ? http2.connect(options.url)
      : http2.connect(options.url, { cert: options.cert, key: options.key, ...(options.passphrase ? { passphrase: options.passphrase } : {}) });
    // A broken connection is dropped; the next push opens a new one.
    const forget = () => {
      if (session === opened) session = undefined;
    };
    opened.on('error', forget);
    opened.on('close', forget);
    opened.on('goaway', forget);
    // An idle connection does not keep the process alive.
    opened.unref();
    session = opened;
    return opened;
  }

  return {
    push(pushToken, signal) {
      if (heldUntil > now()) return Promise.reject(new ServiceBusyError(`APNs asked to slow down until ${new Date(heldUntil).toISOString()}`, heldUntil));
      return new Promise<ApnsAnswer>((resolve, reject) => {
        let stream: http2.ClientHttp2Stream;
        try {
          stream = connect().request({
            ':method': 'POST',
            ':path': `/3/device/${encodeURIComponent(pushToken)}`,
            'apns-topic': options.topic,
            'content-type': 'application/json',
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        let settled = false;
        const fail = (error: Error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          stream.close(http2.constants.NGHTTP2_CANCEL);
          reject(error);
        };
        const onAbort = () => fail(new Error('APNs push aborted'));
        const timer = setTimeout(() => fail(new Error(`APNs did not answer within ${timeoutMs} ms`)), timeoutMs);
        timer.unref();
        signal?.addEventListener('abort', onAbort);
        let status = 0;
        let retryAt: number | undefined;
        const chunks: Buffer[] = [];
        stream.on('response', (headers) => {
          status = Number(headers[':status']);
          if (status === 429 || status === 503) retryAt = retryAfterAt(headers['retry-after'], now());
          if (retryAt !== undefined) heldUntil = Math.max(heldUntil, retryAt);
        });
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', (error) => fail(error));
        stream.on('close', () => {
          if (settled) return;
          if (status === 0) {
            fail(new Error('APNs closed the stream without an answer'));
            return;
          }
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve({ status, ...reasonOf(Buffer.concat(chunks).toString('utf8')), ...(retryAt !== undefined ? { retryAt } : {}) });
        });
        stream.end('{}');
      });
    },
    async close() {
      const open = session;
      session = undefined;
      if (!open || open.closed) return;
      await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}

function reasonOf(body: string): { reason?: string } {
  if (body.trim() === '') return {};
  try {
    const parsed = JSON.parse(body) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? { reason: parsed.reason } : {};
  } catch {
    return {};
  }
}
