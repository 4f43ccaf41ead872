// A stop (SIGTERM: main.ts calls app.close()) finishes the requests in flight, then lets go of their
// connections. Fastify closes the connections that are idle when the stop begins, and Node's
// server.close() then waits for every other one to end. A connection busy at that moment (a request
// being read or answered, a live feed being closed) stays open once its answer is out: Node keeps an
// idle keep-alive connection for keepAliveTimeout (72 s in Fastify) and a client such as fetch keeps it
// as long, so the stop waited for the 10 s deadline and exited 1. While closing, this closes those
// connections as soon as they fall idle. A connection still answering is never cut.
//
// It also keeps count of the requests in flight and the open connections, so a stop that runs long can
// say what holds it up, and can answer the requests still waiting (on a database that stopped answering)
// with a 503 before their connections are cut at the deadline.
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from '../infra/request-log';

/** While closing, idle connections are looked for this often: how long an answered connection outlives its answer. */
export const DRAIN_POLL_MS = 50;

/** What a request still waiting when the stop runs out of time is answered. */
export const STOPPING_MESSAGE = 'The server is restarting. Please try again in a moment.';

declare module 'fastify' {
  interface FastifyInstance {
    /** One line: the requests in flight (method, path, age) and the open connections (busy or idle). */
    describeOpenWork(): string;
    /** Answers every request still in flight with a 503 (a stop out of time); returns how many it answered. */
    answerRequestsInFlight(): number;
    /** Ends every open connection at once (after answerRequestsInFlight, at the stop's deadline). */
    dropAllConnections(): void;
  }
}

export default fp(async (app) => {
  let poll: NodeJS.Timeout | undefined;
  const inFlight = new Map<FastifyRequest, { reply: FastifyReply; startedAt: number }>();
  const connections = new Set<Socket>();

  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  app.addHook('onRequest', async (request, reply) => {
    inFlight.set(request, { reply, startedAt: Date.now() });
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    inFlight.delete(request);
  });

  app.decorate('describeOpenWork', () => {
    const now = Date.now();
    const requests = [...inFlight].map(([request, { startedAt }]) => `${request.method} ${loggableUrl(request.url.split('?')[0] ?? '')} (${((now - startedAt) / 1000).toFixed(1)} s)`);
    const busy = new Set([...inFlight.keys()].map((request) => request.raw.socket));
    const idle = [...connections].filter((socket) => !busy.has(socket)).length;
    return `${requests.length} request(s) in flight${requests.length > 0 ? `: ${requests.slice(0, 10).join(', ')}${requests.length > 10 ? ', …' : ''}` : ''}; ${connections.size} connection(s) open (${idle} without a request in flight)`;
  });

  app.decorate('answerRequestsInFlight', () => {
    let answered = 0;
    for (const [request, { reply }] of inFlight) {
      if (reply.sent || reply.raw.headersSent) continue;
      reply.code(503).header('connection', 'close').header('retry-after', '5').send({ error: STOPPING_MESSAGE });
      inFlight.delete(request);
      answered += 1;
    }
    return answered;
  });

  app.decorate('dropAllConnections', () => {
    for (const socket of connections) socket.destroy();
  });

  app.addHook('preClose', async () => {
    // Node's own closeIdleConnections() spares connections whose response is still under way.
    poll = setInterval(() => app.server.closeIdleConnections(), DRAIN_POLL_MS);
    poll.unref();
  });

  app.addHook('onClose', async () => {
    clearInterval(poll);
  });
}, { name: 'drain-connections' });
