// A request that has had no answer for a while says so in the log, at warn, while it is still waiting:
// which request (method, path, the client's port), how long it has waited, which stage of its life it is
// in (the access checks, reading its body, validation, the handler, sending), how many other requests
// are waiting too, and what the caller's `context` adds (on SQLite, the read worker's backlog). A request
// that never gets an answer then explains itself in the server's own log, and a slow one shows where
// its time goes; one its client gives up on (past that wait) is logged once more, with the stage it had reached. An answer that has begun (a streamed export, a live feed) counts as an answer.
// Cheap enough for production: one timer a second that looks at the requests in flight.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from '../infra/request-log';

/** A request still unanswered after this long is logged; again each time its wait doubles. */
export const SLOW_REQUEST_MS = 5000;
/** How often the requests in flight are looked at. */
export const SLOW_REQUEST_CHECK_MS = 1000;

export type RequestStage = 'access checks' | 'reading the body' | 'validation' | 'handler' | 'sending';

export interface SlowRequestOptions {
  warnAfterMs?: number;
  checkEveryMs?: number;
  /** More to say in each warning (what the request may be waiting for). */
  context?: () => Record<string, unknown>;
  clock?: () => number;
}

interface Waiting {
  reply: FastifyReply;
  startedAt: number;
  stage: RequestStage;
  warnAt: number;
}

export default fp<SlowRequestOptions>(
  async (app, options) => {
    const warnAfterMs = options.warnAfterMs ?? SLOW_REQUEST_MS;
    const clock = options.clock ?? (() => performance.now());
    const waiting = new Map<FastifyRequest, Waiting>();

    const enter = (stage: RequestStage) => async (request: FastifyRequest) => {
      const entry = waiting.get(request);
      if (entry) entry.stage = stage;
    };
    app.addHook('onRequest', async (request, reply) => {
      const startedAt = clock();
      waiting.set(request, { reply, startedAt, stage: 'access checks', warnAt: startedAt + warnAfterMs });
    });
    app.addHook('preParsing', enter('reading the body'));
    app.addHook('preValidation', enter('validation'));
    app.addHook('preHandler', enter('handler'));
    app.addHook('onSend', enter('sending'));
    app.addHook('onResponse', async (request) => {
      waiting.delete(request);
    });
    // A client that gave up on a slow request (a timeout, a closed tab): the log says where the request was then.
    app.addHook('onRequestAbort', async (request) => {
      const entry = waiting.get(request);
      waiting.delete(request);
      if (!entry) return;
      const waitedMs = Math.round(clock() - entry.startedAt);
      if (waitedMs >= warnAfterMs) request.log.warn(describe(request, entry, waitedMs), 'request abandoned by its client');
    });

    function describe(request: FastifyRequest, entry: Waiting, waitedMs: number): Record<string, unknown> {
      return {
        method: request.method,
        // The path only, its link tokens hidden: neither belongs in a log.
        path: loggableUrl(request.url.split('?')[0] ?? ''),
        remotePort: request.raw.socket?.remotePort,
        waitedMs,
        stage: entry.stage,
        othersWaiting: waiting.size - (waiting.has(request) ? 1 : 0),
        ...options.context?.(),
      };
    }

    const check = () => {
      const now = clock();
      for (const [request, entry] of waiting) {
        // The answer has begun (a streamed body, a live feed): the client is being answered.
        if (entry.reply.raw.headersSent) {
          waiting.delete(request);
          continue;
        }
        if (now < entry.warnAt) continue;
        const waitedMs = Math.round(now - entry.startedAt);
        entry.warnAt = entry.startedAt + waitedMs * 2;
        request.log.warn(describe(request, entry, waitedMs), 'request still unanswered');
      }
    };
    const timer = setInterval(check, options.checkEveryMs ?? SLOW_REQUEST_CHECK_MS);
    // The watch alone never keeps a stopping process alive.
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'slow-requests' },
);
