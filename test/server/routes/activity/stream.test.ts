// The live counter feed: POST /api/activity/{vendorId}/stream-ticket and GET /api/activity/{vendorId}/stream
// (server-sent events), read with a real HTTP client from the app listening on a random port.
import type { ActivityItem, StreamTicketResponse } from '../../../../src/api/contract/activity';
import { addTeamMember, asCustomer, createStore, dynamicToken, newCustomer, pairCounterScreen, scan, setReward, signUpVendor, STRONG_PASSWORD, type TestStore } from '../../factories';
import { createActivityBus } from '../../../../server/infra/activity-bus';
import { buildTestApp, type TestApp } from '../../helpers';
import {
  MAX_STREAMS_PER_VENDOR,
  SESSION_ENDED_EVENT,
  SESSION_ENDED_MESSAGE,
  STREAM_PLACE_LEASE_MS,
  STREAM_RECHECK_MS,
  TICKET_EXPIRED_MESSAGE,
  TICKET_INVALID_MESSAGE,
} from '../../../../server/routes/activity';
import { buildApp } from '../../../../server/app';
import { openSse, type SseConnection } from '../../sse-client';

let t: TestApp;
let store: TestStore;
let baseUrl: string;
const connections: SseConnection[] = [];

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } as never });
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 4, item: 'Flat White' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  for (const connection of connections.splice(0)) connection.close();
  await t.close();
});

async function ticketFor(vendor: TestStore, forVendorId = vendor.id): Promise<StreamTicketResponse> {
  const response = await t.app.inject({ method: 'POST', url: `/api/activity/${forVendorId}/stream-ticket`, headers: vendor.auth });
  expect(response.statusCode).toBe(200);
  return response.json<StreamTicketResponse>();
}

async function openFeed(vendor: TestStore = store): Promise<SseConnection> {
  const { url } = await ticketFor(vendor);
  const connection = await openSse(`${baseUrl}${url}`);
  connections.push(connection);
  return connection;
}

describe('POST /api/activity/:vendorId/stream-ticket', () => {
  it('answers 401 without a session and 403 for another vendor', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stream-ticket` })).statusCode).toBe(401);
    const other = await createStore(t, { company: 'Other Café' });
    expect((await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stream-ticket`, headers: other.auth })).statusCode).toBe(403);
  });

  it('gives a ticket valid for 60 seconds and the stream URL that carries it', async () => {
    const body = await ticketFor(store);
    expect(body.expiresAt).toBe(t.clock.now() + 60_000);
    expect(body.url).toBe(`/api/activity/${store.id}/stream?ticket=${encodeURIComponent(body.ticket)}`);
  });
});

describe('GET /api/activity/:vendorId/stream', () => {
  it('streams "collected a stamp" and "claimed" lines within a second of the scan and the claim being answered', async () => {
    const feed = await openFeed();
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('no-cache, no-transform');
    expect(feed.headers['x-accel-buffering']).toBe('no');
    expect(feed.headers['content-encoding']).toBeUndefined();

    // Each line must arrive within a second of the answer to the scan or claim that made it (feed.next's
    // limit); how long the request itself takes depends on the machine, not on the feed.
    const credential = await newCustomer(t, store.id);
    const first = await feed.next(1000);
    expect(first.event).toBe('activity');
    const stamp = JSON.parse(first.data) as ActivityItem;
    expect(stamp).toEqual({ id: first.id, type: 'stamp', customer: 'Customer #1, 1st visit', date: t.clock.now(), reward: 'Flat White', stamps: 1, required: 4 });

    await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(credential), payload: { displayName: 'Ana' } });
    for (let i = 2; i <= 4; i += 1) {
      t.clock.advance(60_000);
      expect((await scan(t, dynamicToken(t, store.id), { credential })).statusCode).toBe(200);
      const line = JSON.parse((await feed.next(1000)).data) as ActivityItem;
      expect(line).toMatchObject({ type: 'stamp', customer: 'Ana', stamps: i, required: 4 });
    }

    const card = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) })).json().cards[0];
    const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${card.id}/claim`, headers: asCustomer(credential) });
    expect(claim.statusCode).toBe(200);
    const claimed = JSON.parse((await feed.next(1000)).data) as ActivityItem;
    expect(claimed).toEqual({
      id: claim.json().redemption.id, type: 'redemption', customer: 'Ana', date: t.clock.now(), reward: 'Flat White', required: 4,
      // The claim waits at the counter with the code on the customer's screen.
      status: 'pending', code: claim.json().redemption.code, givenAt: null, expiresAt: claim.json().redemption.expiresAt,
    });
  });

  it('speaks the language of the page that asked for the ticket, not the browser’s: a German vendor on an English browser reads German labels', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stream-ticket`, headers: { ...store.auth, 'accept-language': 'de' } });
    // EventSource sends the browser's own languages, which the person overrode in the profile menu.
    const feed = await openSse(`${baseUrl}${response.json<StreamTicketResponse>().url}`, { 'accept-language': 'en-US,en;q=0.9' });
    connections.push(feed);
    await newCustomer(t, store.id);
    const line = JSON.parse((await feed.next(1000)).data) as ActivityItem;
    expect(line.customer).toBe('Kunde Nr. 1, 1. Besuch');
  });

  it("never shows another store's scans", async () => {
    const other = await createStore(t, { company: 'Other Café' });
    await setReward(t, other.id, { stamps: 10, itemCustom: 'Tea' });
    const feed = await openFeed();
    await newCustomer(t, other.id);
    await newCustomer(t, store.id);
    const line = JSON.parse((await feed.next(1000)).data) as ActivityItem;
    expect(line.reward).toBe('Flat White');
    await expect(feed.next(300)).rejects.toThrow('no event');
  });

  it('refuses an expired ticket with 401', async () => {
    const { url } = await ticketFor(store);
    t.clock.advance(60_001);
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: TICKET_EXPIRED_MESSAGE });
  });

  it('refuses forged, tampered and missing tickets', async () => {
    const { ticket } = await ticketFor(store);
    const [payload, mac] = ticket.split('.');
    const other = await createStore(t, { company: 'Other Café' });
    const foreignPayload = Buffer.from(JSON.stringify({ v: other.id, e: t.clock.now() + 60_000 })).toString('base64url');
    const longLived = Buffer.from(JSON.stringify({ v: store.id, e: t.clock.now() + 86_400_000 })).toString('base64url');
    for (const forged of [`${longLived}.${mac}`, `${foreignPayload}.${mac}`, `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`, 'not-a-ticket', `${payload}.${mac}.extra`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/stream?ticket=${encodeURIComponent(forged)}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: TICKET_INVALID_MESSAGE });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/stream` })).statusCode).toBe(400);
    // A session token is not a ticket either.
    const bearer = store.auth.authorization.replace('Bearer ', '');
    expect((await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/stream?ticket=${bearer}` })).statusCode).toBe(401);
  });

  it("refuses a vendor's valid ticket on another vendor's stream with 403", async () => {
    const other = await createStore(t, { company: 'Other Café' });
    const { ticket } = await ticketFor(other);
    const response = await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/stream?ticket=${encodeURIComponent(ticket)}` });
    expect(response.statusCode).toBe(403);
  });

  it('stops listening when the client goes away', async () => {
    const bus = t.deps.activityBus;
    const subscribe = bus.subscribe.bind(bus);
    let listening = 0;
    bus.subscribe = (vendorId, listener) => {
      listening += 1;
      const unsubscribe = subscribe(vendorId, listener);
      return () => {
        listening -= 1;
        unsubscribe();
      };
    };
    const feed = await openFeed();
    expect(listening).toBe(1);
    feed.close();
    await waitFor(() => listening === 0);
    // A stamp now has nowhere to go, and nothing breaks.
    expect((await scan(t, dynamicToken(t, store.id))).statusCode).toBe(200);
  });

  it(`allows ${MAX_STREAMS_PER_VENDOR} open feeds per store, then answers 429`, async () => {
    for (let i = 0; i < MAX_STREAMS_PER_VENDOR; i += 1) expect((await openFeed()).status).toBe(200);
    const { url } = await ticketFor(store);
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(429);
    // Once one closes, a new feed may open.
    connections.pop()?.close();
    await waitFor(async () => {
      const retry = await openSse(`${baseUrl}${url}`);
      connections.push(retry);
      return retry.status === 200;
    });
  });

  it(`holds the cap of ${MAX_STREAMS_PER_VENDOR} across two servers sharing the database`, async () => {
    const second = await buildApp(t.deps);
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const openAt = async (url: string) => {
        const connection = await openSse(`${url}${(await ticketFor(store)).url}`);
        connections.push(connection);
        return connection.status;
      };
      for (let i = 0; i < MAX_STREAMS_PER_VENDOR; i += 1) expect(await openAt(i % 2 === 0 ? baseUrl : secondUrl)).toBe(200);
      expect(await openAt(secondUrl)).toBe(429);
      expect(await openAt(baseUrl)).toBe(429);
      // A feed closed on one server frees a place on the other.
      connections.splice(0, 1)[0].close();
      await waitFor(async () => (await openAt(secondUrl)) === 200);
    } finally {
      for (const connection of connections.splice(0)) connection.close();
      await second.close();
    }
  });

  it("frees a dead server's places once their lease runs out", async () => {
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('live_streams')
      .values(Array.from({ length: MAX_STREAMS_PER_VENDOR }, (_, slot) => ({ id: `dead-${slot}`, vendor_id: store.id, slot, owner: 'dead-server', expires_at: now + STREAM_PLACE_LEASE_MS })))
      .execute();
    const { url } = await ticketFor(store);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(429);
    t.clock.advance(STREAM_PLACE_LEASE_MS);
    const feed = await openSse(`${baseUrl}${(await ticketFor(store)).url}`);
    connections.push(feed);
    expect(feed.status).toBe(200);
  });

  describe('when the session that opened it ends', () => {
    // Only setInterval is faked (the feed's renewal); sockets, timeouts and the clock stay real.
    beforeEach(() => {
      jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    // No periodic check runs in these (its timer is never advanced): the revocation itself closes the feed.
    it('closes the open feed at once after Logout, telling the page why, and sends nothing after it', async () => {
      const feed = await openFeed();
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: store.auth })).statusCode).toBe(204);
      const event = await feed.next(1000);
      expect(event.event).toBe(SESSION_ENDED_EVENT);
      expect(JSON.parse(event.data)).toEqual({ error: SESSION_ENDED_MESSAGE, reason: 'signed-out' });
      await feed.ended;
      await newCustomer(t, store.id);
      await expect(feed.next(300)).rejects.toThrow('no event');
    });

    it('closes it at once after a password change, with that reason', async () => {
      const signedUp = await signUpVendor(t);
      const owner: TestStore = { id: signedUp.vendorId, company: 'Signed Up Café', auth: { authorization: `Bearer ${signedUp.token}` } };
      const feed = await openFeed(owner);
      const change = await t.app.inject({
        method: 'POST', url: '/api/auth/change-password', headers: owner.auth, payload: { currentPassword: STRONG_PASSWORD, password: `${STRONG_PASSWORD}-2` },
      });
      expect(change.statusCode).toBe(200);
      expect(JSON.parse((await feed.next(1000)).data)).toEqual({ error: SESSION_ENDED_MESSAGE, reason: 'password-changed' });
      await feed.ended;
    });

    it("closes every feed of the store at once when the owner deletes it, the counter screen's too", async () => {
      const signedUp = await signUpVendor(t);
      const owner: TestStore = { id: signedUp.vendorId, company: 'Corner Café', auth: { authorization: `Bearer ${signedUp.token}` } };
      const screen = await pairCounterScreen(t, owner);
      const ownerFeed = await openFeed(owner);
      const screenFeed = await openFeed({ ...owner, auth: screen.auth });
      const deleted = await t.app.inject({ method: 'POST', url: `/api/account/${owner.id}/delete-store`, headers: owner.auth, payload: { storeName: 'Corner Café', password: STRONG_PASSWORD } });
      expect(deleted.statusCode).toBe(204);
      const [ownerEvent, screenEvent] = await Promise.all([ownerFeed.next(1000), screenFeed.next(1000)]);
      expect([ownerEvent.event, JSON.parse(ownerEvent.data)]).toEqual([SESSION_ENDED_EVENT, { error: SESSION_ENDED_MESSAGE, reason: 'account-closed' }]);
      expect([screenEvent.event, JSON.parse(screenEvent.data)]).toEqual([SESSION_ENDED_EVENT, { error: SESSION_ENDED_MESSAGE }]);
      await Promise.all([ownerFeed.ended, screenFeed.ended]);
    });

    it("closes a team member's feed at once when the owner removes them, and leaves the owner's open", async () => {
      const member = await addTeamMember(t, store.id, 'manager');
      const memberFeed = await openFeed({ ...store, auth: member.auth });
      const ownerFeed = await openFeed();
      expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${member.id}`, headers: store.auth })).statusCode).toBe(204);
      expect(JSON.parse((await memberFeed.next(1000)).data)).toEqual({ error: SESSION_ENDED_MESSAGE, reason: 'account-closed' });
      await memberFeed.ended;
      await newCustomer(t, store.id);
      expect((await ownerFeed.next(1000)).event).toBe('activity');
    });

    it('sends no line after a revocation whose announcement has not arrived (another server, a bus down)', async () => {
      const feed = await openFeed();
      const claims = t.deps.sessions.verify(store.auth.authorization.replace('Bearer ', ''));
      if (!claims) throw new Error('the test store has no session');
      // Revoked in the database only: the stamp's notice is the first this feed hears of it.
      await t.db.kysely.insertInto('revoked_sessions').values({ jti: claims.jti, vendor_id: store.id, expires_at: claims.exp * 1000 }).execute();
      await newCustomer(t, store.id);
      const event = await feed.next(1000);
      expect(event.event).toBe(SESSION_ENDED_EVENT);
      await feed.ended;
    });

    it('refuses to open a feed on a ticket whose session has ended since', async () => {
      const { url } = await ticketFor(store);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: store.auth })).statusCode).toBe(204);
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: SESSION_ENDED_MESSAGE, reason: 'signed-out' });
    });

    it('still closes it at the periodic check when the announcement was lost', async () => {
      const feed = await openFeed();
      const claims = t.deps.sessions.verify(store.auth.authorization.replace('Bearer ', ''));
      if (!claims) throw new Error('the test store has no session');
      await t.db.kysely.insertInto('revoked_sessions').values({ jti: claims.jti, vendor_id: store.id, expires_at: claims.exp * 1000 }).execute();
      jest.advanceTimersByTime(STREAM_RECHECK_MS);
      expect((await feed.next(1000)).event).toBe(SESSION_ENDED_EVENT);
      await feed.ended;
    });

    // .ci/run starts a private redis-server and passes it as REDIS_TEST_URL.
    const redisUrl = process.env.REDIS_TEST_URL ?? process.env.REDIS_URL;
    (redisUrl ? it : it.skip)('closes a feed held by another server sharing Redis at once (REDIS_TEST_URL)', async () => {
      const busA = await createActivityBus({ databaseUrl: undefined, redisUrl }, t.db);
      const busB = await createActivityBus({ databaseUrl: undefined, redisUrl }, t.db);
      const serverA = await buildApp({ ...t.deps, activityBus: busA });
      const serverB = await buildApp({ ...t.deps, activityBus: busB });
      try {
        await Promise.all([busA.ready(), busB.ready()]);
        const urlB = await serverB.listen({ port: 0, host: '127.0.0.1' });
        const feed = await openSse(`${urlB}${(await ticketFor(store)).url}`);
        connections.push(feed);
        expect(feed.status).toBe(200);
        expect((await serverA.inject({ method: 'POST', url: '/api/auth/logout', headers: store.auth })).statusCode).toBe(204);
        expect(JSON.parse((await feed.next(2000)).data)).toEqual({ error: SESSION_ENDED_MESSAGE, reason: 'signed-out' });
        await feed.ended;
      } finally {
        await serverA.close();
        await serverB.close();
        await busA.close();
        await busB.close();
      }
    });

    it('keeps the feed open, and its lines coming, while the session stands', async () => {
      const feed = await openFeed();
      jest.advanceTimersByTime(STREAM_RECHECK_MS * 2);
      await newCustomer(t, store.id);
      expect((await feed.next()).event).toBe('activity');
    });
  });

  it('ends open feeds when the server shuts down, so shutdown does not hang', async () => {
    const feed = await openFeed();
    const started = Date.now();
    await t.app.close();
    await feed.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
