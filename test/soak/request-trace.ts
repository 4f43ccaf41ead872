// What the soak's side saw of each request, so a request that got no answer explains itself: whether
// fetch had sent it at all (and when, on which local port: the server's own log names the client's
// port), whether any answer's headers came, and whether the soak's own event loop was held up meanwhile
// (a busy soak fires its timeout late or counts a wait that was its own). Fetch's requests are followed
// through undici's diagnostics channels, matched by a header each call carries.
import diagnostics from 'node:diagnostics_channel';
import { watchLoopStalls } from '../../server/infra/loop-stalls';

export const TRACE_HEADER = 'x-soak-call';

interface Trace {
  sentAt?: number;
  localPort?: number;
  answeredAt?: number;
}

export interface LoopStall {
  endedAt: number;
  stalledMs: number;
}

/** Header pairs as undici hands them (a flat [name, value, …] array, or raw "name: value\r\n" text). */
function headerValue(headers: unknown, name: string): string | undefined {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === name) return String(headers[i + 1]);
    return undefined;
  }
  if (typeof headers === 'string') return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim();
  return undefined;
}

export interface RequestTracer {
  /** A new call's id, for its TRACE_HEADER. */
  next(): string;
  /** One line: what the soak saw of call `id`, started at `startedAt` (epoch ms) and given up at `endedAt`. */
  describe(id: string, startedAt: number, endedAt: number): string;
  /** Forgets a call that got its answer. */
  done(id: string): void;
  stop(): void;
}

export function traceRequests(): RequestTracer {
  const traces = new Map<string, Trace>();
  const stalls: LoopStall[] = [];
  let counter = 0;
  const onSend = (message: unknown) => {
    const { request, socket } = message as { request: { headers: unknown }; socket?: { localPort?: number } };
    const id = headerValue(request.headers, TRACE_HEADER);
    const trace = id === undefined ? undefined : traces.get(id);
    if (trace) Object.assign(trace, { sentAt: Date.now(), localPort: socket?.localPort });
  };
  const onHeaders = (message: unknown) => {
    const { request } = message as { request: { headers: unknown } };
    const id = headerValue(request.headers, TRACE_HEADER);
    const trace = id === undefined ? undefined : traces.get(id);
    if (trace) trace.answeredAt = Date.now();
  };
  diagnostics.subscribe('undici:client:sendHeaders', onSend);
  diagnostics.subscribe('undici:request:headers', onHeaders);
  const loop = watchLoopStalls({ onStall: (stalledMs) => stalls.push({ endedAt: Date.now(), stalledMs }) });
  return {
    next() {
      counter += 1;
      const id = String(counter);
      traces.set(id, {});
      return id;
    },
    describe(id, startedAt, endedAt) {
      const trace = traces.get(id) ?? {};
      const sent = trace.sentAt === undefined ? 'fetch never sent it' : `sent ${trace.sentAt - startedAt} ms after the call began, from local port ${trace.localPort ?? '?'}`;
      const answer = trace.answeredAt === undefined ? 'no answer headers' : `answer headers ${trace.answeredAt - startedAt} ms after the call began (the body never ended)`;
      const overlapping = stalls.filter((s) => s.endedAt >= startedAt && s.endedAt - s.stalledMs <= endedAt);
      const soakLoop = overlapping.length === 0 ? "the soak's own event loop was never held up 1 s or more meanwhile" : `the soak's own event loop was held up ${overlapping.map((s) => `${s.stalledMs} ms`).join(', ')} meanwhile`;
      return `${sent}; ${answer}; ${soakLoop}`;
    },
    done(id) {
      traces.delete(id);
    },
    stop() {
      loop.stop();
      diagnostics.unsubscribe('undici:client:sendHeaders', onSend);
      diagnostics.unsubscribe('undici:request:headers', onHeaders);
    },
  };
}

/**
 * The server's JSON log lines (pino's, with `time` in epoch ms) from `from` to `to`, at most `limit` of
 * them: what the server said while a request went unanswered.
 */
export function logLinesBetween(output: string, from: number, to: number, limit = 30): string[] {
  const lines: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    let time: unknown;
    try {
      time = (JSON.parse(line) as { time?: unknown }).time;
    } catch {
      continue;
    }
    if (typeof time === 'number' && time >= from && time <= to) lines.push(line.length > 600 ? `${line.slice(0, 600)}…` : line);
  }
  return lines.length > limit ? [...lines.slice(0, limit), `… and ${lines.length - limit} more`] : lines;
}

/**
 * One line from a server's log: how many requests it warned were still unanswered after 5 s (and the
 * longest of those waits, with its path and stage), and how often its event loop was held up 1 s or more
 * (and the longest stall, with the requests in flight as it ended). Slow answers that still came in time show here too.
 */
export function serverWarningsLine(output: string): string {
  let slow = 0;
  let longest: { waitedMs: number; path: string; stage: string } | undefined;
  let stalls = 0;
  let longestStall: { stalledMs: number; open: string } | undefined;
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { msg?: string; waitedMs?: number; path?: string; stage?: string; stalledMs?: number; open?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.msg === 'request still unanswered' && typeof entry.waitedMs === 'number') {
      // Each request warns first at 5 s and again as its wait doubles: count it once, keep its longest wait.
      if (entry.waitedMs < 2 * 5000) slow += 1;
      if (!longest || entry.waitedMs > longest.waitedMs) longest = { waitedMs: entry.waitedMs, path: entry.path ?? '?', stage: entry.stage ?? '?' };
    } else if (entry.msg === 'the event loop was held up' && typeof entry.stalledMs === 'number') {
      stalls += 1;
      if (!longestStall || entry.stalledMs > longestStall.stalledMs) longestStall = { stalledMs: entry.stalledMs, open: entry.open ?? '?' };
    }
  }
  const slowPart = longest ? `${slow} request(s) unanswered after 5 s (longest ${(longest.waitedMs / 1000).toFixed(1)} s or more: ${longest.path}, ${longest.stage})` : 'no request unanswered after 5 s';
  const stallPart = longestStall ? `event loop held up ${stalls} time(s) 1 s or more (longest ${(longestStall.stalledMs / 1000).toFixed(1)} s, as it ended: ${longestStall.open})` : 'event loop never held up 1 s';
  return `${slowPart}; ${stallPart}`;
}
