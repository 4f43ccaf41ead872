// The live feed's connection cycle against a scripted API and EventSource: ticket, stream, lines, and a
// fresh ticket after every drop with growing pauses — all on fake timers, and nothing left running after close.
import { makeStore } from '../../../../src/app/store';
import { feedBadgeState, feedClosed, feedLanguageChanged, feedOpened } from '../../../../src/features/activity/activityFeedSlice';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { FakeEventSource, installFakeEventSource } from '../../support/fakeEventSource';

const VENDOR = 'vendor-1';
const TICKET = `POST /api/activity/${VENDOR}/stream-ticket`;

let http: FakeApi;
let removeEventSource: () => void;
let issued: number;

beforeEach(() => {
  jest.useFakeTimers();
  http = installFakeApi();
  removeEventSource = installFakeEventSource();
  issued = 0;
  http.on(TICKET, () => {
    issued += 1;
    return { status: 200, body: { ticket: `t${issued}`, expiresAt: 0, url: `/api/activity/${VENDOR}/stream?ticket=t${issued}` } };
  });
});

afterEach(() => {
  removeEventSource();
  http.restore();
  jest.useRealTimers();
});

const settle = () => jest.advanceTimersByTimeAsync(0);

function openFeed() {
  const store = makeStore({ session: { token: sessionTokenFor(VENDOR) } } as never);
  store.dispatch(feedOpened({ vendorId: VENDOR }));
  return store;
}

describe('live feed connection', () => {
  it('trades the session for a ticket, opens the stream with it and goes live', async () => {
    const store = openFeed();
    await settle();
    const [request] = http.sent(TICKET);
    expect(request.headers.get('Authorization')).toBe(`Bearer ${sessionTokenFor(VENDOR)}`);
    expect(FakeEventSource.latest().url).toBe(`/api/activity/${VENDOR}/stream?ticket=t1`);
    expect(store.getState().activityFeed.status).toBe('connecting');
    FakeEventSource.latest().emit('open');
    expect(store.getState().activityFeed.status).toBe('live');
  });

  it('a stamp made after the first lines were fetched but before the stream opened still shows once it opens', async () => {
    let todaysLines: unknown[] = [];
    http.on(`GET /api/activity/${VENDOR}/today`, () => ({ status: 200, body: { items: todaysLines } }));
    const store = openFeed();
    await settle();
    // The scan lands while the stream is still opening: the server pushes it to no one.
    todaysLines = [{ id: 'between', type: 'stamp', customer: 'Ana', date: 5, reward: 'Flat White', stamps: 1, required: 10 }];
    FakeEventSource.latest().emit('open');
    await settle();
    expect(store.getState().activityFeed.items.map((item) => item.id)).toEqual(['between']);
  });

  it('adds each activity event as a line, ignoring anything malformed', async () => {
    const store = openFeed();
    await settle();
    const source = FakeEventSource.latest();
    source.emit('open');
    source.emit('activity', { id: 'e1', type: 'stamp', customer: 'Ana', date: 1, reward: 'Flat White', stamps: 4, required: 10 });
    source.emit('activity', { nonsense: true });
    source.emit('activity', { id: 'r1', type: 'redemption', customer: 'Ana', date: 2, reward: 'Flat White', required: 10 });
    expect(store.getState().activityFeed.items.map((item) => item.id)).toEqual(['r1', 'e1']);
  });

  it("the Wi-Fi dropping ends the stream at once ('Reconnecting…', not 'Live'), and its return reconnects without waiting out the pause", async () => {
    // A store of its own: the streams of this file's earlier tests, never closed, hear the same window events.
    const vendor = 'vendor-wifi';
    const ticket = `POST /api/activity/${vendor}/stream-ticket`;
    http.on(ticket, () => ({ status: 200, body: { ticket: 'first', expiresAt: 0, url: `/api/activity/${vendor}/stream?ticket=first` } }));
    const store = makeStore({ session: { token: sessionTokenFor(vendor) } } as never);
    store.dispatch(feedOpened({ vendorId: vendor }));
    await settle();
    const ours = () => FakeEventSource.instances.filter((source) => source.url.includes(vendor));
    const first = ours()[0]!;
    first.emit('open');
    expect(feedBadgeState(store.getState().activityFeed)).toBe('live');

    // The browser knows the network is gone; a stream over a dead Wi-Fi may stay silent instead of failing.
    window.dispatchEvent(new Event('offline'));
    await settle();
    expect(first.closed).toBe(true);
    expect(feedBadgeState(store.getState().activityFeed)).toBe('reconnecting');

    // Failed tickets while offline grow the pause (8 s after three); back online, the next ticket goes at once.
    http.on(ticket, { status: 502, body: {} });
    for (let second = 0; second < 7; second += 1) await jest.advanceTimersByTimeAsync(1000);
    expect(http.sent(ticket)).toHaveLength(4);
    http.on(ticket, () => ({ status: 200, body: { ticket: 'back', expiresAt: 0, url: `/api/activity/${vendor}/stream?ticket=back` } }));
    await jest.advanceTimersByTimeAsync(1000);
    expect(http.sent(ticket)).toHaveLength(4);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(http.sent(ticket)).toHaveLength(5);
    const back = ours().at(-1)!;
    expect(back.url).toContain('ticket=back');
    back.emit('open');
    expect(feedBadgeState(store.getState().activityFeed)).toBe('live');
    store.dispatch(feedClosed());
  });

  it('after a drop, closes the stream and reconnects with a fresh ticket after 1 s, then 2 s', async () => {
    const store = openFeed();
    await settle();
    const first = FakeEventSource.latest();
    first.emit('open');
    first.emit('error');
    await settle();
    expect(first.closed).toBe(true);
    expect(store.getState().activityFeed).toMatchObject({ status: 'reconnecting', retries: 1 });

    await jest.advanceTimersByTimeAsync(999);
    expect(http.sent(TICKET)).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(http.sent(TICKET)).toHaveLength(2);
    const second = FakeEventSource.latest();
    expect(second.url).toContain('ticket=t2');

    // It fails again before opening: the next pause is 2 s.
    second.emit('error');
    await settle();
    await jest.advanceTimersByTimeAsync(1999);
    expect(http.sent(TICKET)).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(http.sent(TICKET)).toHaveLength(3);
    FakeEventSource.latest().emit('open');
    expect(store.getState().activityFeed).toMatchObject({ status: 'live', retries: 0 });
  });

  it('never opens a stream twice on one ticket (the server spends it): two tabs, a server restart, a Wi-Fi loss and a language switch each take a fresh one', async () => {
    // A store of its own: the streams of this file's earlier tests, never closed, hear the same window events.
    const vendor = 'vendor-once';
    let given = 0;
    http.on(`POST /api/activity/${vendor}/stream-ticket`, () => {
      given += 1;
      return { status: 200, body: { ticket: `once${given}`, expiresAt: 0, url: `/api/activity/${vendor}/stream?ticket=once${given}` } };
    });
    const ours = () => FakeEventSource.instances.filter((source) => source.url.includes(vendor));
    const tab = () => {
      const store = makeStore({ session: { token: sessionTokenFor(vendor) } } as never);
      store.dispatch(feedOpened({ vendorId: vendor }));
      return store;
    };
    const [first, second] = [tab(), tab()];
    await settle();
    for (const source of ours()) source.emit('open');
    // The server restarts under the first tab's stream.
    ours()[0]!.emit('error');
    await jest.advanceTimersByTimeAsync(1000);
    // The shop's Wi-Fi drops and comes back: both tabs.
    window.dispatchEvent(new Event('offline'));
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    // The second tab switches language.
    second.dispatch(feedLanguageChanged());
    await settle();

    const urls = ours().map((source) => source.url);
    expect(urls.length).toBeGreaterThanOrEqual(6);
    expect(new Set(urls).size).toBe(urls.length);
    // Only the two live streams are open: none is left for EventSource's own retry on a spent ticket.
    expect(ours().filter((source) => !source.closed)).toHaveLength(2);
    first.dispatch(feedClosed());
    second.dispatch(feedClosed());
  });

  it('keeps trying when no ticket can be had (e.g. offline), pausing longer each time', async () => {
    http.on(TICKET, 'network-failure');
    const store = openFeed();
    await settle();
    expect(store.getState().activityFeed.status).toBe('reconnecting');
    expect(FakeEventSource.instances).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(http.sent(TICKET)).toHaveLength(4);
  });

  it('a language switch renews the stream on a fresh ticket at once and rewords the lines on screen', async () => {
    const line = (customer: string) => ({ id: 'e1', type: 'stamp', customer, date: 1, reward: 'Flat White', stamps: 4, required: 10 });
    let wording = 'Customer #1, 1st visit';
    http.on(`GET /api/activity/${VENDOR}`, () => ({ status: 200, body: { items: [line(wording)], total: 1 } }));
    const store = openFeed();
    await settle();
    const first = FakeEventSource.latest();
    first.emit('open');
    first.emit('activity', line(wording));

    wording = 'Kunde Nr. 1, 1. Besuch';
    store.dispatch(feedLanguageChanged());
    await settle();
    expect(first.closed).toBe(true);
    // No pause as after a drop: the new ticket is asked for in the page's new language straight away.
    expect(http.sent(TICKET)).toHaveLength(2);
    expect(FakeEventSource.latest().url).toContain('ticket=t2');
    expect(store.getState().activityFeed.status).toBe('live');
    expect(store.getState().activityFeed.items.map((item) => item.customer)).toEqual(['Kunde Nr. 1, 1. Besuch']);

    // A second switch renews the new connection too.
    store.dispatch(feedLanguageChanged());
    await settle();
    expect(http.sent(TICKET)).toHaveLength(3);
  });

  it('closing the feed closes the stream and stops every retry', async () => {
    const store = openFeed();
    await settle();
    const source = FakeEventSource.latest();
    store.dispatch(feedClosed());
    await settle();
    expect(source.closed).toBe(true);
    source.emit('error');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(http.sent(TICKET)).toHaveLength(1);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(store.getState().activityFeed.status).toBe('closed');
  });

  it('a session-ended event signs the tab out with the reason it gives, closes the stream and asks for no new ticket', async () => {
    const store = openFeed();
    await settle();
    const source = FakeEventSource.latest();
    source.emit('open');
    source.emit('session-ended', { error: 'Your session has ended. Please sign in again.', reason: 'password-changed' });
    source.emit('error');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(source.closed).toBe(true);
    expect(store.getState().session).toMatchObject({ token: null, endedBecause: 'password-changed' });
    expect(store.getState().activityFeed.status).toBe('closed');
    expect(http.sent(TICKET)).toHaveLength(1);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("server-state events set whether scans are paused; a new connection starts unpaused until its server says so", async () => {
    const store = openFeed();
    await settle();
    const first = FakeEventSource.latest();
    first.emit('open');
    first.emit('server-state', { database: 'down' });
    expect(store.getState().activityFeed).toMatchObject({ status: 'live', databaseDown: true });
    first.emit('server-state', { nonsense: true });
    expect(store.getState().activityFeed.databaseDown).toBe(true);
    first.emit('server-state', { database: 'up' });
    expect(store.getState().activityFeed.databaseDown).toBe(false);

    // Another server may hold the next connection: its own view counts, told as its feed opens.
    first.emit('server-state', { database: 'down' });
    first.emit('error');
    await settle();
    expect(store.getState().activityFeed).toMatchObject({ status: 'reconnecting', databaseDown: false });
    await jest.advanceTimersByTimeAsync(1000);
    const second = FakeEventSource.latest();
    second.emit('open');
    expect(store.getState().activityFeed).toMatchObject({ status: 'live', databaseDown: false });
    second.emit('server-state', { database: 'down' });
    expect(store.getState().activityFeed.databaseDown).toBe(true);
  });

  it('shows "Scans paused" when the server refuses a new feed because it cannot reach its database, and opens Live by itself once it can', async () => {
    http.on(TICKET, { status: 503, body: { error: 'The service is briefly unavailable. Please try again in a few seconds.', reason: 'database-unavailable' } });
    const store = openFeed();
    await settle();
    expect(feedBadgeState(store.getState().activityFeed)).toBe('paused');
    expect(FakeEventSource.instances).toHaveLength(0);
    // Asked again at the server's pace, still paused while the outage lasts.
    await jest.advanceTimersByTimeAsync(5000);
    expect(http.sent(TICKET)).toHaveLength(2);
    expect(feedBadgeState(store.getState().activityFeed)).toBe('paused');

    http.on(TICKET, { status: 200, body: { ticket: 'back', expiresAt: 0, url: `/api/activity/${VENDOR}/stream?ticket=back` } });
    await jest.advanceTimersByTimeAsync(5000);
    FakeEventSource.latest().emit('open');
    expect(feedBadgeState(store.getState().activityFeed)).toBe('live');
  });

  it('a 503 for any other reason is a lost connection, not a pause', async () => {
    http.on(TICKET, { status: 503, body: { error: 'The service is briefly unavailable.' } });
    const store = openFeed();
    await settle();
    expect(feedBadgeState(store.getState().activityFeed)).toBe('reconnecting');
  });
});
