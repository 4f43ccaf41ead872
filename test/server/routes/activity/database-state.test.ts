// What the live feed tells a counter screen when its server cannot reach the database: a `server-state`
// event `{ database: 'down' }` (health says 503 meanwhile), then `{ database: 'up' }` once it answers again.
import * as healthRepository from '../../../../server/repositories/health';
import { DATABASE_UNAVAILABLE_REASON, SERVER_STATE_STREAM_EVENT } from '../../../../src/api/contract/protocol';
import { DATABASE_DOWN_AFTER, DATABASE_WATCH_MS } from '../../../../server/services/database-watch';
import type { StreamTicketResponse } from '../../../../src/api/contract/activity';
import { createStore, pairCounterScreen, signUpVendor, type TestStore } from '../../factories';
import { buildTestApp, type TestApp } from '../../helpers';
import { openSse, type SseConnection } from '../../sse-client';

let t: TestApp;
let baseUrl: string;
const connections: SseConnection[] = [];

beforeEach(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Only setInterval is faked (the watch's pace); sockets, timeouts and the clock stay real.
  jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
});

afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  for (const connection of connections.splice(0)) connection.close();
  await t.close();
});

async function openFeed(vendor: TestStore): Promise<SseConnection> {
  const response = await t.app.inject({ method: 'POST', url: `/api/activity/${vendor.id}/stream-ticket`, headers: vendor.auth });
  expect(response.statusCode).toBe(200);
  const connection = await openSse(`${baseUrl}${response.json<StreamTicketResponse>().url}`);
  connections.push(connection);
  expect(connection.status).toBe(200);
  return connection;
}

/** The database stops answering this server's queries (as a refused connection does). */
function databaseGoesDown() {
  return jest.spyOn(healthRepository, 'selectOne').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
}

it("tells a counter screen's feed when the server cannot reach its database, and when it can again", async () => {
  const signedUp = await signUpVendor(t);
  const owner: TestStore = { id: signedUp.vendorId, company: 'Corner Café', auth: { authorization: `Bearer ${signedUp.token}` } };
  const screen = await pairCounterScreen(t, owner);
  const feed = await openFeed({ ...owner, auth: screen.auth });

  const outage = databaseGoesDown();
  // One failed probe is not an outage.
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS);
  await expect(feed.next(200)).rejects.toThrow('no event');
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS * (DATABASE_DOWN_AFTER - 1));
  const down = await feed.next(1000);
  expect(down.event).toBe(SERVER_STATE_STREAM_EVENT);
  expect(JSON.parse(down.data)).toEqual({ database: 'down' });
  // Health agrees, on the same server.
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toMatchObject({ database: 'down' });

  outage.mockRestore();
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS);
  const up = await feed.next(1000);
  expect(up.event).toBe(SERVER_STATE_STREAM_EVENT);
  expect(JSON.parse(up.data)).toEqual({ database: 'up' });
});

it('says nothing while the database answers, and probes at one pace for all the feeds it holds', async () => {
  const store = await createStore(t, { company: 'Bean There Café' });
  const probes = jest.spyOn(healthRepository, 'selectOne');
  const feeds = [await openFeed(store), await openFeed(store), await openFeed(store)];
  // One interval at a time, each probe answered before the next is due: a probe still waiting is not started
  // again, and PostgreSQL's answer takes real time that the fake interval does not.
  for (let interval = 1; interval <= 3; interval += 1) {
    await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS);
    expect(probes).toHaveBeenCalledTimes(interval);
    await probes.mock.results[interval - 1].value;
  }
  for (const feed of feeds) await expect(feed.next(100)).rejects.toThrow('no event');
});

/** Every query of this server fails as a refused connection does (the health probe, sign-in checks, the feed's place). */
function everyQueryFails() {
  const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  const executor = t.db.kysely.getExecutor();
  const spies = [jest.spyOn(executor, 'executeQuery').mockImplementation(refused), databaseGoesDown()];
  return { mockRestore: () => spies.forEach((spy) => spy.mockRestore()) };
}

it('answers a feed opened during an outage with its paused state (503 database-unavailable), and opens it once the database answers', async () => {
  const signedUp = await signUpVendor(t);
  const owner: TestStore = { id: signedUp.vendorId, company: 'Corner Café', auth: { authorization: `Bearer ${signedUp.token}` } };
  const screen = await pairCounterScreen(t, owner);

  const outage = everyQueryFails();
  for (const auth of [screen.auth, owner.auth]) {
    const ticket = await t.app.inject({ method: 'POST', url: `/api/activity/${owner.id}/stream-ticket`, headers: auth });
    expect(ticket.statusCode).toBe(503);
    expect(ticket.json()).toEqual({ error: expect.any(String), reason: DATABASE_UNAVAILABLE_REASON });
  }

  outage.mockRestore();
  const feed = await openFeed({ ...owner, auth: screen.auth });
  await expect(feed.next(200)).rejects.toThrow('no event');
});
