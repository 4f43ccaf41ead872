// Tells the app's RequestsInFlight (server/infra/requests-in-flight.ts) when each request starts and ends,
// so background work can wait for a moment between requests.
import fp from 'fastify-plugin';
import type { RequestsInFlight } from '../infra/requests-in-flight';

export default fp<{ requests: RequestsInFlight }>(
  async (app, { requests }) => {
    app.addHook('onRequest', async (request) => {
      requests.started(request);
    });
    app.addHook('onResponse', async (request) => {
      requests.finished(request);
    });
    app.addHook('onRequestAbort', async (request) => {
      requests.finished(request);
    });
  },
  { name: 'requests-in-flight' },
);
