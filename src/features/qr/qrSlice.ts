// The QR page's refresh cycle as a state machine; its timers live in qrListeners.ts.
// It also knows whether the code on screen still stamps, so the page never shows a dead code as live.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { QR_TIMING } from '../../constants';

/**
 * closed: the page is not open (no timers run).
 * loading: open, waiting for the first token.
 * ready: a token is shown (a refresh may be in flight: see `loading`).
 * failed: open, the last fetch failed and there is no token to show.
 */
export type QrStatus = 'closed' | 'loading' | 'ready' | 'failed';

/** ok: the last fetch worked. lost: it failed, retries back off. offline: the browser says there is no network. */
export type QrConnection = 'ok' | 'lost' | 'offline';

export interface QrState {
  status: QrStatus;
  vendorId: string | null;
  token: string | null;
  /** What the QR image encodes: PUBLIC_URL/S/<token>. */
  url: string | null;
  /** Epoch ms after which the shown token no longer stamps (the server's clock). */
  expiresAt: number | null;
  /** Epoch ms on this browser's clock until which the shown token stamps (see `localValidity`). */
  validUntil: number | null;
  /** 0–99: how far the 60-second cycle has run, in 1 % steps. */
  progress: number;
  /** True while a token fetch is in flight. */
  loading: boolean;
  lastError: string | null;
  connection: QrConnection;
  /** Failed fetches in a row: the retry delay grows with it. */
  failures: number;
  /** Epoch ms (this browser) of the next retry after a failure, null when none is planned. */
  retryAt: number | null;
  /** This browser's clock at the last tick or fetch result: the countdowns are derived from it. */
  now: number;
  /** Per-item stamp mode: the stamps the next code gives (back to 1 once a code carries it). */
  nextStampCount: number;
  /** The stamps the code on screen gives. */
  shownStampCount: number;
}

export const initialQrState: QrState = {
  status: 'closed',
  vendorId: null,
  token: null,
  url: null,
  expiresAt: null,
  validUntil: null,
  progress: 0,
  loading: false,
  lastError: null,
  connection: 'ok',
  failures: 0,
  retryAt: null,
  now: 0,
  nextStampCount: 1,
  shownStampCount: 1,
};

/** Each retry waits twice as long as the one before (2, 4, 8, 16 s), at most 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(QR_TIMING.retryMaxMs, QR_TIMING.retryFirstMs * 2 ** Math.max(0, failures - 1));
}

/**
 * Until when the token received at `receivedAt` stamps, on this browser's clock. The server's expiry is
 * believed only where it is plausible (at most the 90 s a token lives): a counter PC whose clock is off by
 * minutes still counts the code's 90 s from when it arrived.
 */
export function localValidity(expiresAt: number, receivedAt: number): number {
  const left = expiresAt - receivedAt;
  return receivedAt + (left > 0 && left <= QR_TIMING.tokenValidMs ? left : QR_TIMING.tokenValidMs);
}

const withNow = <P>(payload: P) => ({ payload, meta: { now: Date.now() } });
type Timed<P> = PayloadAction<P, string, { now: number }>;

export const qrSlice = createSlice({
  name: 'qr',
  initialState: initialQrState,
  reducers: {
    pageOpened: {
      reducer(_state, action: Timed<{ vendorId: string }>) {
        // Reopening (or opening for another vendor) starts a fresh cycle with no stale token on screen.
        // Opening fetches at once, so the loading flag is on from this very action.
        return { ...initialQrState, status: 'loading', vendorId: action.payload.vendorId, loading: true, now: action.meta.now };
      },
      prepare: (payload: { vendorId: string }) => withNow(payload),
    },
    pageClosed() {
      return initialQrState;
    },
    /** Staff chose how many stamps this purchase earns: the next code (fetched now) carries that count. */
    stampCountChosen(state, action: PayloadAction<number>) {
      if (state.status === 'closed') return;
      state.nextStampCount = Math.max(1, Math.floor(action.payload));
      state.progress = 0;
      state.loading = true;
    },
    regenerateRequested(state) {
      if (state.status === 'closed') return;
      state.progress = 0;
      state.loading = true;
    },
    fetchStarted(state) {
      if (state.status === 'closed') return;
      state.loading = true;
    },
    fetchSucceeded: {
      reducer(state, action: Timed<{ token: string; url: string; expiresAt: number; count?: number }>) {
        if (state.status === 'closed') return;
        // One purchase's count goes on one code; the codes after it give 1 stamp again.
        state.shownStampCount = action.payload.count ?? 1;
        state.nextStampCount = 1;
        const { now } = action.meta;
        // A code that comes back after a loss starts a full 60 s, so the next refresh is not due at once.
        if (state.connection !== 'ok') state.progress = 0;
        state.status = 'ready';
        state.token = action.payload.token;
        state.url = action.payload.url;
        state.expiresAt = action.payload.expiresAt;
        state.validUntil = localValidity(action.payload.expiresAt, now);
        state.loading = false;
        state.lastError = null;
        state.connection = 'ok';
        state.failures = 0;
        state.retryAt = null;
        state.now = now;
      },
      prepare: (payload: { token: string; url: string; expiresAt: number; count?: number }) => withNow(payload),
    },
    fetchFailed: {
      reducer(state, action: Timed<string>) {
        if (state.status === 'closed') return;
        const { now } = action.meta;
        // A token still on screen stays while it stamps (90 s from issue); without one the page shows the failure.
        if (state.token === null) state.status = 'failed';
        state.loading = false;
        state.lastError = action.payload;
        state.failures += 1;
        if (state.connection !== 'offline') state.connection = 'lost';
        // Offline, nothing is retried until the browser is back online (see wentOnline).
        state.retryAt = state.connection === 'offline' ? null : now + retryDelayMs(state.failures);
        state.now = now;
      },
      prepare: (message: string) => withNow(message),
    },
    /** The browser lost its network (the `offline` event): no fetch is tried until it is back. */
    wentOffline: {
      reducer(state, action: Timed<undefined>) {
        if (state.status === 'closed') return;
        state.connection = 'offline';
        state.retryAt = null;
        state.now = action.meta.now;
      },
      prepare: () => withNow(undefined),
    },
    /** The network is back (the `online` event): retry at once. */
    wentOnline: {
      reducer(state, action: Timed<undefined>) {
        if (state.status === 'closed' || state.connection !== 'offline') return;
        state.connection = 'lost';
        state.retryAt = action.meta.now;
        state.now = action.meta.now;
      },
      prepare: () => withNow(undefined),
    },
    /** One 0.6 s step; at 100 the bar wraps to 0, which is also when the next token is fetched. */
    tick: {
      reducer(state, action: Timed<undefined>) {
        if (state.status === 'closed') return;
        state.now = action.meta.now;
        // While the connection is down the bar stands still: the next code comes when a retry succeeds.
        if (state.connection !== 'ok') return;
        state.progress = (state.progress + 1) % 100;
      },
      prepare: () => withNow(undefined),
    },
  },
  selectors: {
    selectQr: (state) => state,
    selectQrStatus: (state) => state.status,
    selectQrProgress: (state) => state.progress,
  },
});

export const { pageOpened, pageClosed, regenerateRequested, stampCountChosen, fetchStarted, fetchSucceeded, fetchFailed, wentOffline, wentOnline, tick } = qrSlice.actions;
export const { selectQr, selectQrStatus, selectQrProgress } = qrSlice.selectors;

/** 'Refresh in N s': whole seconds until the next token, from the progress (100 steps of 0.6 s). */
export function secondsUntilRefresh(progress: number): number {
  return Math.ceil(((100 - progress) * QR_TIMING.tickMs) / 1000);
}

/**
 * What the page may honestly say about its code:
 * live: stamps, refreshed on time. lost: the connection is down, the code still stamps for `seconds`.
 * dead: the code no longer stamps (or there is none) and the connection is down; `retryIn` s to the next try,
 * null while offline.
 */
export type QrCodeHealth =
  | { kind: 'live' }
  | { kind: 'lost'; seconds: number; offline: boolean }
  | { kind: 'dead'; retryIn: number | null; offline: boolean };

export function codeHealth(state: QrState): QrCodeHealth {
  const stillValid = state.validUntil !== null && state.now < state.validUntil;
  if (state.token !== null && !stillValid) {
    return { kind: 'dead', retryIn: retrySeconds(state), offline: state.connection === 'offline' };
  }
  if (state.connection === 'ok') return { kind: 'live' };
  if (state.token === null) return { kind: 'dead', retryIn: retrySeconds(state), offline: state.connection === 'offline' };
  return { kind: 'lost', seconds: Math.ceil(((state.validUntil ?? 0) - state.now) / 1000), offline: state.connection === 'offline' };
}

function retrySeconds(state: QrState): number | null {
  if (state.retryAt === null) return state.loading ? 0 : null;
  return Math.max(0, Math.ceil((state.retryAt - state.now) / 1000));
}
