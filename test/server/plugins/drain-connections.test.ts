// A stop (app.close(), as main.ts does on SIGTERM) answers the requests in flight, then lets go of their
// keep-alive connections at once instead of waiting for the client or keepAliveTimeout (72 s), and a live
// feed still being set up when the stop begins is refused rather than opened.
import type net from 'node:net';
import { createInProcessActivityBus, type ActivityBus } from '../../../server/infra/activity-bus';
import { DRAIN_POLL_MS } from '../../../server/plugins/drain-connections';
import { FEED_UNAVAILABLE_MESSAGE } from '../../../server/routes/activity';
import { createVendor } from '../factories';
import { buildTestApp, type TestApp } from '../helpers';
import { answered, connectRaw, startJsonPost } from '../../support/raw-http';

let t: TestApp | undefined;

afterEach(async () => {
  jest.useRealTimers();
  await t?.close();
  t = undefined;
});

/** A bound for things that must happen promptly: the test fails with `what` instead of hanging to jest's timeout. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('stopping the server', () => {
  it('answers a request in flight when the stop begins, then closes its keep-alive connection within DRAIN_POLL_MS', async () => {
    t = await buildTestApp();
    const vendor = await createVendor(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const connection = await connectRaw(port);
    // The server has read the headers and waits for the body: the request is in flight when the stop begins.
    const request = await within(startJsonPost(connection, '/api/auth/forgot-password', { email: `${vendor.id}@example.test` }), 5000, 'no 100 Continue');

    // Only the drain's poll runs on fake time; sockets, the database and everything else run as usual.
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    let stopped = false;
    const stopping = t.app.close().then(() => {
      stopped = true;
    });
    // The stop is under way (no new connections) while this request still waits for its body.
    while (t.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    request.sendBody();
    const answer = await within(connection.until(answered(202)), 5000, 'the request in flight was not answered');
    expect(answer).toContain('"message"');
    expect(t.mailer.sent).toHaveLength(1);
    expect(stopped).toBe(false);

    // Node would keep the now idle connection for keepAliveTimeout (72 s), and the stop would wait for it.
    let closed = false;
    void connection.closed.then(() => {
      closed = true;
    });
    for (let polls = 0; polls < 5 && !closed; polls += 1) {
      jest.advanceTimersByTime(DRAIN_POLL_MS);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await within(connection.closed, 2000, 'the answered connection was kept open');
    await within(stopping, 2000, 'app.close() did not finish');
  });

  it('refuses (503) a live feed that was still being set up when the stop began, instead of opening it', async () => {
    const inner = createInProcessActivityBus();
    let openBus = () => undefined as void;
    const busOpen = new Promise<void>((resolve) => {
      openBus = resolve;
    });
    let askedReady = () => undefined as void;
    const feedSettingUp = new Promise<void>((resolve) => {
      askedReady = resolve;
    });
    // The feed route waits for the bus to listen before it opens the stream: the stop begins meanwhile.
    const bus: ActivityBus = {
      kind: inner.kind,
      publish: (notice) => inner.publish(notice),
      subscribe: (vendorId, listener) => inner.subscribe(vendorId, listener),
      ready: async () => {
        askedReady();
        await busOpen;
      },
      close: () => inner.close(),
    };
    t = await buildTestApp({ activityBus: bus });
    const vendor = await createVendor(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = await t.app.inject({ method: 'POST', url: `/api/activity/${vendor.id}/stream-ticket`, headers: vendor.auth });
    const feed = t.app.inject({ method: 'GET', url: ticket.json<{ url: string }>().url });
    await within(feedSettingUp, 5000, 'the feed never asked the bus');

    const stopping = t.app.close();
    // The stop has closed the open feeds and stopped listening (Fastify's preClose hooks run before that).
    while (t.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    openBus();
    const response = await within(feed, 5000, 'the feed opened (and would hold the stop until its deadline)');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: FEED_UNAVAILABLE_MESSAGE });
    await within(stopping, 5000, 'app.close() did not finish');
  });
});
