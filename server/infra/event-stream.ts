// A server-sent-events response written straight to the socket: the headers that keep proxies and
// compression from buffering it, `event`/`data` frames, a heartbeat comment that keeps idle connections
// (and the proxies between) from timing out, and one cleanup when either side ends it.
import type { ServerResponse } from 'node:http';

export const HEARTBEAT_MS = 15_000;
/**
 * Bytes a feed may have waiting for its reader (a screen asleep with its connection still open). Past
 * this the server ends the feed instead of holding every later line in memory: the page opens a new one
 * on a fresh ticket once it notices, and refetches what it missed.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;

export interface EventStream {
  /** One event; `data` is sent as JSON on one line. Ignored once closed. */
  send(event: string, data: unknown, id?: string): void;
  /** A comment line (clients ignore it; it keeps the connection busy). */
  comment(text: string): void;
  close(): void;
  readonly closed: boolean;
  /** Called once, when the client goes away or `close()` is called. */
  onClose(listener: () => void): void;
}

export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform: intermediaries must not compress or otherwise rewrite (and so buffer) the stream.
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  // nginx buffers proxied responses unless told not to.
  'X-Accel-Buffering': 'no',
} as const;

/** Starts the stream on a raw response the framework has let go of (Fastify: `reply.hijack()`). */
export function openEventStream(raw: ServerResponse, options: { heartbeatMs?: number } = {}): EventStream {
  let closed = false;
  const listeners: (() => void)[] = [];
  raw.writeHead(200, EVENT_STREAM_HEADERS);
  raw.socket?.setNoDelay(true);
  // The opening comment flushes the headers at once, so EventSource reports `open` right away.
  raw.write(': connected\n\n');

  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);

  function finish() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of listeners.splice(0)) listener();
  }

  function write(chunk: string) {
    if (closed || raw.writableEnded || raw.destroyed) return;
    raw.write(chunk);
    if (raw.writableLength > MAX_UNSENT_BYTES) {
      raw.destroy();
      finish();
    }
  }

  raw.on('close', finish);
  raw.on('error', finish);

  return {
    send(event, data, id) {
      // Event names and ids are ours; newlines would break the framing, so they are stripped anyway.
      const clean = (value: string) => value.replace(/[\r\n]/g, '');
      write(`${id ? `id: ${clean(id)}\n` : ''}event: ${clean(event)}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      write(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`);
    },
    close() {
      if (!closed && !raw.writableEnded) raw.end();
      finish();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
