// The server's log output. A person at a terminal reads one coloured line per event ("12:04:31 INFO GET
// /api/health 200 2 ms"); a process manager or log collector (stdout not a terminal) gets pino's JSON lines.
//
// JSON is written in chunks of at least 4 KiB (and at least once a second) instead of one write system call
// per line, which cost about a sixth of a light request's time in the bench's CPU profile. pino flushes the
// buffer when the process exits (exit, signals, an uncaught exception); a power cut or SIGKILL can lose the
// last second of lines. The readable lines are written as they come: a person watching wants them now.
import pino from 'pino';
import pretty from 'pino-pretty';
import type { FastifyServerOptions } from 'fastify';

const FLUSH_EVERY_MS = 1000;
const MIN_WRITE_BYTES = 4096;

/** What LOG_FORMAT asks for: `auto` picks by where stdout goes. */
export type LogFormatSetting = 'auto' | 'pretty' | 'json';
export type LogFormat = 'pretty' | 'json';

/** Readable lines for a terminal, JSON for everything else (a pipe, a file, journald) unless asked otherwise. */
export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTerminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A request's line says what was asked and how it went; any other line is its message. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestLine;
  const message = String(log[messageKey] ?? '');
  if (!req) return message;
  const time = typeof responseTime === 'number' ? ` ${Math.round(responseTime)} ms` : '';
  const outcome = message === 'request completed' ? '' : ` (${message})`;
  return `${req.method ?? ''} ${req.url ?? ''} ${res?.statusCode ?? ''}${time}${outcome}`;
}

/** pino's JSON lines turned into readable ones, written to `destination` (stdout by default). */
export function readableLines(destination: NodeJS.WritableStream | number = 1, colorize = process.stdout.isTTY === true) {
  return pretty({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: readableMessage,
    destination,
    sync: true,
  });
}

/** Fastify's `logger` option for `npm start` (and the bench, which measures the JSON that `npm start` writes to a pipe). */
export function serverLoggerOptions(level: string, format: LogFormat = 'json'): NonNullable<FastifyServerOptions['logger']> {
  if (format === 'pretty') {
    return { level, stream: readableLines() };
  }
  const stream = pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES });
  // A quiet server's lines still reach the log within a second.
  setInterval(() => stream.flush(), FLUSH_EVERY_MS).unref();
  return { level, stream };
}
