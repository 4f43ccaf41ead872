// The QR refresh cycle driven with fake timers against a real store and its listeners.
import { makeStore, type AppStore } from '../../../../src/app/store';
import { QR_TIMING } from '../../../../src/constants';
import { codeHealth, fetchFailed, fetchStarted, fetchSucceeded, pageClosed, pageOpened, qrCode, qrProgress, qrSlice, regenerateRequested, secondsUntilRefresh, type QrState } from '../../../../src/features/qr/qrSlice';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';

const VENDOR = 'vendor-1';
const GENERATE = `GET /api/qrcode/generate/${VENDOR}`;

let http: FakeApi;
let store: AppStore;
let issued: number;

beforeEach(() => {
  jest.useFakeTimers();
  http = installFakeApi();
  issued = 0;
  http.on(GENERATE, () => {
    issued += 1;
    return { status: 200, body: { token: `token-${issued}`, url: `http://stampwise.test/s/token-${issued}`, expiresAt: Date.now() + 90_000 } };
  });
  store = makeStore({ session: { token: sessionTokenFor(VENDOR) } });
});

afterEach(() => {
  store.dispatch(pageClosed());
  http.restore();
  jest.useRealTimers();
});

const qr = () => store.getState().qr;
/** What the page shows of the cycle now: the state's deadlines read against the (fake) clock. */
const shown = (state: QrState = qr()) => ({
  status: state.status,
  fetching: state.status === 'connecting' || (state.status !== 'closed' && state.fetching),
  token: qrCode(state)?.token ?? null,
  url: qrCode(state)?.url ?? null,
  progress: qrProgress(state, Date.now()),
  ...(state.status === 'retrying' || state.status === 'offline' ? { failures: state.failures, lastError: state.lastError } : {}),
});
const health = () => codeHealth(qr(), Date.now());
/** Lets the listener's promises (fetch, dispatches) settle without moving the clock. */
const settle = () => jest.advanceTimersByTimeAsync(0);
const ticks = (n: number) => jest.advanceTimersByTimeAsync(n * QR_TIMING.tickMs);

describe('qr slice (reducer)', () => {
  const reduce = (...actions: Parameters<typeof qrSlice.reducer>[1][]) => actions.reduce(qrSlice.reducer, qrSlice.getInitialState());

  it('ignores fetch results and Regenerate while the page is closed', () => {
    const state = reduce(fetchStarted(), fetchSucceeded({ token: 't', url: 'u', expiresAt: 1 }), fetchFailed('boom'), regenerateRequested());
    expect(state).toEqual(qrSlice.getInitialState());
  });

  it('holds deadlines, not a ticking clock: the bar runs from 0 to 99 over 60 s without an action', () => {
    jest.setSystemTime(1_000_000);
    const state = reduce(pageOpened({ vendorId: VENDOR }));
    expect(state).toEqual({ status: 'connecting', vendorId: VENDOR, nextStampCount: 1, refreshAt: 1_060_000 });
    expect(qrProgress(state, 1_000_000)).toBe(0);
    expect(qrProgress(state, 1_000_000 + 599)).toBe(0);
    expect(qrProgress(state, 1_000_000 + 600)).toBe(1);
    expect(qrProgress(state, 1_000_000 + 59_999)).toBe(99);
  });

  it('keeps the shown token when a refresh fails, and reports failure when there is none', () => {
    const opened = reduce(pageOpened({ vendorId: VENDOR }), fetchStarted());
    expect(shown(qrSlice.reducer(opened, fetchFailed('boom')))).toMatchObject({ status: 'retrying', token: null, fetching: false, lastError: 'boom' });
    const showing = reduce(pageOpened({ vendorId: VENDOR }), fetchSucceeded({ token: 't', url: 'u', expiresAt: 1 }), fetchStarted());
    expect(shown(qrSlice.reducer(showing, fetchFailed('boom')))).toMatchObject({ status: 'retrying', token: 't', fetching: false, lastError: 'boom' });
  });

  it.each([
    [0, 60],
    [1, 60],
    [50, 30],
    [98, 2],
    [99, 1],
  ])('derives "Refresh in N s" from progress %i as %i s', (progress, seconds) => {
    expect(secondsUntilRefresh(progress)).toBe(seconds);
  });
});

describe('qr refresh cycle (listeners, fake timers)', () => {
  it('fetches a token on open, with the loading flag on during the fetch', async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    expect(shown()).toMatchObject({ status: 'connecting', fetching: true, token: null });
    await settle();
    expect(shown()).toMatchObject({ status: 'live', fetching: false, token: 'token-1', url: 'http://stampwise.test/s/token-1', progress: 0 });
    expect(http.sent(GENERATE)).toHaveLength(1);
    expect(http.sent(GENERATE)[0].headers.get('Authorization')).toBe(`Bearer ${sessionTokenFor(VENDOR)}`);
  });

  it('moves progress 1 % every 0.6 s', async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    await jest.advanceTimersByTimeAsync(599);
    expect(shown().progress).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(shown().progress).toBe(1);
    await ticks(24);
    expect(shown().progress).toBe(25);
  });

  it('wraps at 100 and fetches a new token every 60 s', async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    await ticks(99);
    expect(shown()).toMatchObject({ progress: 99, token: 'token-1' });
    expect(http.sent(GENERATE)).toHaveLength(1);
    await ticks(1);
    expect(shown()).toMatchObject({ progress: 0, token: 'token-2' });
    expect(http.sent(GENERATE)).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(QR_TIMING.refreshIntervalMs * 2);
    expect(http.sent(GENERATE)).toHaveLength(4);
    expect(shown().token).toBe('token-4');
  });

  it("'Regenerate now' refetches at once and restarts the cycle from 0", async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    await ticks(40);
    store.dispatch(regenerateRequested());
    expect(shown()).toMatchObject({ progress: 0, fetching: true });
    await settle();
    expect(shown()).toMatchObject({ progress: 0, fetching: false, token: 'token-2' });
    // The next automatic refresh comes a full 60 s after the regeneration, not 36 s.
    await ticks(99);
    expect(http.sent(GENERATE)).toHaveLength(2);
    await ticks(1);
    expect(http.sent(GENERATE)).toHaveLength(3);
  });

  it('keeps ticking while a slow fetch is in flight, with the loading flag on', async () => {
    let release!: () => void;
    http.on(GENERATE, () => new Promise((resolve) => {
      release = () => resolve({ status: 200, body: { token: 'slow', url: 'http://stampwise.test/s/slow', expiresAt: 0 } });
    }));
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await ticks(3);
    expect(shown()).toMatchObject({ status: 'connecting', fetching: true, progress: 3 });
    release();
    await settle();
    expect(shown()).toMatchObject({ status: 'live', fetching: false, token: 'slow' });
  });

  it('logs a failed fetch to the console and retries after 2 s, then 4 s, until one works', async () => {
    // A failed fetch is retried after 2 s, not left until the next 60 s refresh.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    http.on(GENERATE, { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } });
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    expect(shown()).toMatchObject({ status: 'retrying', token: null, fetching: false, lastError: 'Something went wrong on our side. Please try again.' });
    expect(consoleError).toHaveBeenCalledWith('Failed to load QR code', expect.anything());
    await jest.advanceTimersByTimeAsync(2_400);
    expect(http.sent(GENERATE)).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(http.sent(GENERATE)).toHaveLength(2);
    http.on(GENERATE, { status: 200, body: { token: 'again', url: 'http://stampwise.test/s/again', expiresAt: 0 } });
    await jest.advanceTimersByTimeAsync(1_200);
    expect(http.sent(GENERATE)).toHaveLength(3);
    expect(shown()).toEqual(expect.objectContaining({ status: 'live', token: 'again' }));
    expect(shown()).not.toHaveProperty('lastError');
    consoleError.mockRestore();
  });

  it('keeps a code that still stamps when a refresh fails, says for how long, and marks it dead once it expires', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    expect(health()).toEqual({ kind: 'live' });
    http.on(GENERATE, { status: 503, body: { error: 'down' } });
    await ticks(100);
    expect(shown()).toMatchObject({ status: 'retrying', token: 'token-1' });
    expect(health()).toEqual({ kind: 'lost', seconds: 30, offline: false });
    // The bar stands still while the connection is lost.
    await ticks(10);
    expect(shown().progress).toBe(0);
    expect(health()).toEqual({ kind: 'lost', seconds: 24, offline: false });
    await jest.advanceTimersByTimeAsync(24_000);
    expect(health()).toMatchObject({ kind: 'dead', offline: false });
    // Retries went on with backoff: 60 s, +2, +4, +8, +16 s.
    expect(http.sent(GENERATE).length).toBe(5);
    http.on(GENERATE, { status: 200, body: { token: 'back', url: 'http://stampwise.test/s/back', expiresAt: Date.now() + 90_000 } });
    await jest.advanceTimersByTimeAsync(30_000);
    expect(shown()).toMatchObject({ status: 'live', token: 'back', progress: expect.any(Number) });
    expect(health()).toEqual({ kind: 'live' });
    consoleError.mockRestore();
  });

  it("says 'Scans paused' while the server answers that it cannot reach its database, asks again every 5 s at most, and is live again by itself", async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    http.on(GENERATE, { status: 503, body: { error: 'The service is briefly unavailable. Please try again in a few seconds.', reason: 'database-unavailable' } });
    await ticks(100);
    expect(shown()).toMatchObject({ status: 'retrying', token: 'token-1' });
    // No code stamps while the database is away, the one on screen included: the screen says why, not "connection lost".
    expect(health()).toMatchObject({ kind: 'paused' });
    // Past the usual backoff (2, 4, 8, 16, 30 s) it keeps asking every 5 s, as the answer's Retry-After says.
    await jest.advanceTimersByTimeAsync(60_000);
    const asked = http.sent(GENERATE).length;
    await jest.advanceTimersByTimeAsync(10_800);
    expect(http.sent(GENERATE).length - asked).toBeGreaterThanOrEqual(2);
    expect(health()).toMatchObject({ kind: 'paused' });
    http.on(GENERATE, { status: 200, body: { token: 'back', url: 'http://stampwise.test/s/back', expiresAt: Date.now() + 90_000 } });
    await jest.advanceTimersByTimeAsync(5_400);
    expect(shown()).toMatchObject({ status: 'live', token: 'back' });
    expect(health()).toEqual({ kind: 'live' });
    consoleError.mockRestore();
  });

  it('fetches nothing while the browser is offline and tries at once when it is back online', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    window.dispatchEvent(new Event('offline'));
    expect(qr().status).toBe('offline');
    await jest.advanceTimersByTimeAsync(QR_TIMING.refreshIntervalMs * 2);
    expect(http.sent(GENERATE)).toHaveLength(1);
    expect(health()).toEqual({ kind: 'dead', retryIn: null, offline: true });
    window.dispatchEvent(new Event('online'));
    await ticks(1);
    expect(http.sent(GENERATE)).toHaveLength(2);
    expect(shown()).toMatchObject({ status: 'live', token: 'token-2' });
    consoleError.mockRestore();
  });

  it('stops every timer when the page closes, and fetches nothing after', async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    await ticks(10);
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    store.dispatch(pageClosed());
    await settle();
    expect(jest.getTimerCount()).toBe(0);
    expect(shown()).toMatchObject({ status: 'closed', progress: 0, token: null });
    await jest.advanceTimersByTimeAsync(QR_TIMING.refreshIntervalMs * 3);
    expect(http.sent(GENERATE)).toHaveLength(1);
    expect(shown().progress).toBe(0);
  });

  it('drops the answer of a fetch still in flight when the page closes', async () => {
    let release!: () => void;
    http.on(GENERATE, () => new Promise((resolve) => {
      release = () => resolve({ status: 200, body: { token: 'late', url: 'http://stampwise.test/s/late', expiresAt: 0 } });
    }));
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    store.dispatch(pageClosed());
    release();
    // One animation frame for RTK's batched notification of the late answer.
    await jest.advanceTimersByTimeAsync(16);
    expect(shown()).toMatchObject({ status: 'closed', token: null, fetching: false });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('runs one cycle only when the page is opened twice (React StrictMode mounts twice)', async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    store.dispatch(pageClosed());
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    await ticks(10);
    expect(shown().progress).toBe(10);
  });
});
