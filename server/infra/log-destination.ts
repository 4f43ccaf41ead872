// The server's log output: pino's JSON lines to stdout, written in chunks of at least 4 KiB
// (and at least once a second) instead of one write system call per line, which cost about a sixth of
// a light request's time in the bench's CPU profile. pino flushes the buffer when the process exits
// (exit, signals, an uncaught exception); a power cut or SIGKILL can lose the last second of lines.
import pino from 'pino';
import type { FastifyServerOptions } from 'fastify';

const FLUSH_EVERY_MS = 1000;
const MIN_WRITE_BYTES = 4096;

/** Fastify's `logger` option for `npm start` (and the bench, which measures what `npm start` runs). */
export function serverLoggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  const stream = pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES });
  // A quiet server's lines still reach the log within a second.
  setInterval(() => stream.flush(), FLUSH_EVERY_MS).unref();
  return { level, stream };
}
