// A stop (SIGTERM: main.ts calls app.close()) finishes the requests in flight, then lets go of their
// connections. Fastify closes the connections that are idle when the stop begins, and Node's
// server.close() then waits for every other one to end. A connection busy at that moment (a request
// being read or answered, a live feed being closed) stays open once its answer is out: Node keeps an
// idle keep-alive connection for keepAliveTimeout (72 s in Fastify) and a client such as fetch keeps it
// as long, so the stop waited for the 10 s deadline and exited 1. While closing, this closes those
// connections as soon as they fall idle. A connection still answering is never cut.
import fp from 'fastify-plugin';

/** While closing, idle connections are looked for this often: how long an answered connection outlives its answer. */
export const DRAIN_POLL_MS = 50;

export default fp(async (app) => {
  let poll: NodeJS.Timeout | undefined;

  app.addHook('preClose', async () => {
    // Node's own closeIdleConnections() spares connections whose response is still under way.
    poll = setInterval(() => app.server.closeIdleConnections(), DRAIN_POLL_MS);
    poll.unref();
  });

  app.addHook('onClose', async () => {
    clearInterval(poll);
  });
}, { name: 'drain-connections' });
