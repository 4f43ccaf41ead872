// The QR page's refresh cycle as a state machine; its timers live in qrListeners.ts.
// The state holds deadlines (epoch ms) only: the bar, 'Refresh in N s' and the connection countdowns are
// derived from them and the clock (qrProgress, codeHealth), so nothing changes state 100 times a minute.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { QR_TIMING } from '../../constants';

/** The code on screen. */
export interface QrCode {
  token: string;
  /** What the QR image encodes: PUBLIC_URL/S/<token>. */
  url: string;
  /** Epoch ms after which the token no longer stamps (the server's clock). */
  expiresAt: number;
  /** Epoch ms on this browser's clock until which the token stamps (see `localValidity`). */
  validUntil: number;
  /** The stamps this code gives (more than 1 only in per-item stamp mode). */
  stampCount: number;
}

/** The cycle of an open page, whatever its connection. */
interface OpenPage {
  vendorId: string;
  /** Per-item stamp mode: the stamps the next code gives (back to 1 once a code carries it). */
  nextStampCount: number;
}

/** After a failed fetch, or while offline: the bar stands still where it was. */
interface Interrupted extends OpenPage {
  /** The last code received (it may no longer stamp), or null when none came yet. */
  code: QrCode | null;
  /** 0–99: where the bar stopped. */
  pausedProgress: number;
  /** Failed fetches in a row: the retry delay grows with it. */
  failures: number;
  lastError: string | null;
  /** The last fetch was answered 503 `database-unavailable`: the server is there, stamps are not recorded. */
  databaseUnavailable: boolean;
  /** A fetch is in flight. */
  fetching: boolean;
}

export type QrState =
  /** The page is not open: no timers run. */
  | { status: 'closed' }
  /** Open, the first code is on its way; the bar already runs towards `refreshAt`. */
  | (OpenPage & { status: 'connecting'; refreshAt: number })
  /** A code is shown and refreshed on time: the next fetch is due at `refreshAt`. */
  | (OpenPage & { status: 'live'; code: QrCode; refreshAt: number; fetching: boolean })
  /** The last fetch failed: the next try is at `retryAt`. */
  | (Interrupted & { status: 'retrying'; retryAt: number })
  /** The browser says there is no network: nothing is tried until it is back. */
  | (Interrupted & { status: 'offline' })
  /**
   * A paired counter screen that cannot reach the server shows codes it signed with its own key (the server
   * checks them at scan time); the next one is due at `refreshAt`, when the server is asked first.
   */
  | (OpenPage & { status: 'self-signed'; code: QrCode; refreshAt: number; fetching: boolean });

export type QrStatus = QrState['status'];

export const initialQrState = { status: 'closed' } as QrState;

/** Each retry waits twice as long as the one before (2, 4, 8, 16 s), at most 30 s; at most 5 s while the server's database is away. */
export function retryDelayMs(failures: number, databaseUnavailable = false): number {
  const most = databaseUnavailable ? QR_TIMING.databaseRetryMaxMs : QR_TIMING.retryMaxMs;
  return Math.min(most, QR_TIMING.retryFirstMs * 2 ** Math.max(0, failures - 1));
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

/** 0–99: how far the 60-second cycle ending at `refreshAt` has run at `now`, in 1 % steps of 0.6 s. */
function progressTowards(refreshAt: number, now: number): number {
  const elapsed = now - (refreshAt - QR_TIMING.refreshIntervalMs);
  return Math.min(99, Math.max(0, Math.floor(elapsed / QR_TIMING.tickMs)));
}

/** 0–99: the bar at `now` (it stands still while the connection is down). */
export function qrProgress(state: QrState, now: number): number {
  switch (state.status) {
    case 'closed':
      return 0;
    case 'connecting':
    case 'live':
    case 'self-signed':
      return progressTowards(state.refreshAt, now);
    case 'retrying':
    case 'offline':
      return state.pausedProgress;
  }
}

/** The code on screen, if any. */
export function qrCode(state: QrState): QrCode | null {
  return state.status === 'closed' || state.status === 'connecting' ? null : state.code;
}

/** A token fetch is in flight (the first one always is while connecting). */
export function isFetching(state: QrState): boolean {
  if (state.status === 'closed') return false;
  return state.status === 'connecting' || state.fetching;
}

const withNow = <P>(payload: P) => ({ payload, meta: { now: Date.now() } });
type Timed<P> = PayloadAction<P, string, { now: number }>;
/** A failed fetch: what went wrong, and whether the server said it cannot reach its database. */
type FailedFetch = PayloadAction<string, string, { now: number; databaseUnavailable: boolean }>;

/** The state of an open page whose fetch just failed or whose browser went offline, at `now`. */
function interrupted(state: Exclude<QrState, { status: 'closed' }>, now: number): Interrupted {
  if (state.status === 'retrying' || state.status === 'offline') {
    const { vendorId, nextStampCount, code, pausedProgress, failures, lastError, databaseUnavailable, fetching } = state;
    return { vendorId, nextStampCount, code, pausedProgress, failures, lastError, databaseUnavailable, fetching };
  }
  return {
    vendorId: state.vendorId,
    nextStampCount: state.nextStampCount,
    code: qrCode(state),
    pausedProgress: progressTowards(state.refreshAt, now),
    failures: 0,
    lastError: null,
    databaseUnavailable: false,
    fetching: isFetching(state),
  };
}

export const qrSlice = createSlice({
  name: 'qr',
  initialState: initialQrState,
  reducers: {
    pageOpened: {
      reducer(_state, action: Timed<{ vendorId: string }>): QrState {
        // Reopening (or opening for another vendor) starts a fresh cycle with no stale code on screen; the
        // first fetch starts with this very action.
        return { status: 'connecting', vendorId: action.payload.vendorId, nextStampCount: 1, refreshAt: action.meta.now + QR_TIMING.refreshIntervalMs };
      },
      prepare: (payload: { vendorId: string }) => withNow(payload),
    },
    pageClosed(): QrState {
      return initialQrState;
    },
    /** 'Regenerate now': a fetch at once, and the bar from 0. */
    regenerateRequested: {
      reducer(state, action: Timed<undefined>) {
        const refreshAt = action.meta.now + QR_TIMING.refreshIntervalMs;
        switch (state.status) {
          case 'closed':
            return;
          case 'connecting':
            state.refreshAt = refreshAt;
            return;
          case 'live':
          case 'self-signed':
            state.refreshAt = refreshAt;
            state.fetching = true;
            return;
          case 'retrying':
          case 'offline':
            state.pausedProgress = 0;
            state.fetching = true;
        }
      },
      prepare: () => withNow(undefined),
    },
    /** Staff chose how many stamps this purchase earns: the next code (fetched now, the bar from 0) carries that count. */
    stampCountChosen: {
      reducer(state, action: Timed<number>) {
        if (state.status === 'closed') return;
        state.nextStampCount = Math.max(1, Math.floor(action.payload));
        if (state.status === 'connecting' || state.status === 'live' || state.status === 'self-signed') state.refreshAt = action.meta.now + QR_TIMING.refreshIntervalMs;
        else state.pausedProgress = 0;
        if (state.status !== 'connecting') state.fetching = true;
      },
      prepare: (count: number) => withNow(count),
    },
    /** The bar reached the end: the next code is due, and the bar starts again from 0. */
    refreshDue: {
      reducer(state, action: Timed<undefined>) {
        if (state.status === 'connecting' || state.status === 'live' || state.status === 'self-signed') state.refreshAt = action.meta.now + QR_TIMING.refreshIntervalMs;
      },
      prepare: () => withNow(undefined),
    },
    fetchStarted(state) {
      if (state.status === 'live' || state.status === 'retrying' || state.status === 'offline' || state.status === 'self-signed') state.fetching = true;
    },
    fetchSucceeded: {
      reducer(state, action: Timed<{ token: string; url: string; expiresAt: number; count?: number }>): QrState {
        if (state.status === 'closed') return state;
        const { now } = action.meta;
        const { token, url, expiresAt } = action.payload;
        // One purchase's count goes on one code; the codes after it give 1 stamp again.
        const code = { token, url, expiresAt, validUntil: localValidity(expiresAt, now), stampCount: action.payload.count ?? 1 };
        // A code that comes back after a loss starts a full 60 s, so the next refresh is not due at once.
        const refreshAt = state.status === 'connecting' || state.status === 'live' ? state.refreshAt : now + QR_TIMING.refreshIntervalMs;
        return { status: 'live', vendorId: state.vendorId, nextStampCount: 1, code, refreshAt, fetching: false };
      },
      prepare: (payload: { token: string; url: string; expiresAt: number; count?: number }) => withNow(payload),
    },
    fetchFailed: {
      reducer(state, action: FailedFetch): QrState {
        if (state.status === 'closed') return state;
        const { now, databaseUnavailable } = action.meta;
        // A code still on screen stays while it stamps (90 s from issue); without one the page shows the failure.
        // A self-signed code stays on screen: it stamps, and the screen signs the next one when it is due.
        if (state.status === 'self-signed') return { ...state, fetching: false };
        const base = interrupted(state, now);
        const next = { ...base, failures: base.failures + 1, lastError: action.payload, databaseUnavailable, fetching: false };
        // Offline, nothing is retried until the browser is back online (see wentOnline).
        if (state.status === 'offline') return { ...next, status: 'offline' };
        return { ...next, status: 'retrying', retryAt: now + retryDelayMs(next.failures, databaseUnavailable) };
      },
      prepare: (message: string, databaseUnavailable = false) => ({ payload: message, meta: { now: Date.now(), databaseUnavailable } }),
    },
    /** The browser lost its network (the `offline` event): no fetch is tried until it is back. */
    wentOffline: {
      reducer(state, action: Timed<undefined>): QrState {
        if (state.status === 'closed' || state.status === 'offline' || state.status === 'self-signed') return state;
        return { ...interrupted(state, action.meta.now), status: 'offline' };
      },
      prepare: () => withNow(undefined),
    },
    /**
     * A paired counter screen signed a code itself (the server could not be reached): it stamps for its 90 s
     * like a server's code, and the next is due after the usual 60 s.
     */
    codeSelfSigned: {
      reducer(state, action: Timed<{ token: string; url: string; expiresAt: number; count?: number }>): QrState {
        if (state.status === 'closed') return state;
        const { now } = action.meta;
        const { token, url, expiresAt } = action.payload;
        const code = { token, url, expiresAt, validUntil: localValidity(expiresAt, now), stampCount: action.payload.count ?? 1 };
        return { status: 'self-signed', vendorId: state.vendorId, nextStampCount: 1, code, refreshAt: now + QR_TIMING.refreshIntervalMs, fetching: false };
      },
      prepare: (payload: { token: string; url: string; expiresAt: number; count?: number }) => withNow(payload),
    },
    /** The network is back (the `online` event): retry at once. */
    wentOnline: {
      reducer(state, action: Timed<undefined>): QrState {
        if (state.status !== 'offline') return state;
        return { ...interrupted(state, action.meta.now), status: 'retrying', retryAt: action.meta.now };
      },
      prepare: () => withNow(undefined),
    },
  },
  selectors: {
    selectQr: (state) => state,
    selectQrStatus: (state) => state.status,
  },
});

export const { pageOpened, pageClosed, regenerateRequested, stampCountChosen, refreshDue, fetchStarted, fetchSucceeded, fetchFailed, codeSelfSigned, wentOffline, wentOnline } = qrSlice.actions;
export const { selectQr, selectQrStatus } = qrSlice.selectors;

/** 'Refresh in N s': whole seconds until the next token, from the progress (100 steps of 0.6 s). */
export function secondsUntilRefresh(progress: number): number {
  return Math.ceil(((100 - progress) * QR_TIMING.tickMs) / 1000);
}

/**
 * What the page may honestly say about its code:
 * live: stamps, refreshed on time. lost: the connection is down, the code still stamps for `seconds`.
 * dead: the code no longer stamps (or there is none) and the connection is down; `retryIn` s to the next try,
 * null while offline. paused: the server says it cannot reach its database (what the live feed shows as paused).
 */
export type QrCodeHealth =
  | { kind: 'live' }
  /** A counter screen without the server, showing codes it signed itself (they stamp). */
  | { kind: 'self-signed' }
  | { kind: 'lost'; seconds: number; offline: boolean }
  | { kind: 'dead'; retryIn: number | null; offline: boolean }
  /** The server answers but cannot reach its database: no code stamps until it is back (asked every few seconds). */
  | { kind: 'paused' };

export function codeHealth(state: QrState, now: number): QrCodeHealth {
  if (state.status === 'closed' || state.status === 'connecting') return { kind: 'live' };
  if (state.status === 'self-signed') return now < state.code.validUntil ? { kind: 'self-signed' } : { kind: 'dead', retryIn: null, offline: true };
  const offline = state.status === 'offline';
  if (state.status === 'retrying' && state.databaseUnavailable) return { kind: 'paused' };
  const retryIn = state.status === 'retrying' ? Math.max(0, Math.ceil((state.retryAt - now) / 1000)) : state.fetching ? 0 : null;
  const { code } = state;
  if (code !== null && now >= code.validUntil) return { kind: 'dead', retryIn, offline };
  if (state.status === 'live') return { kind: 'live' };
  if (code === null) return { kind: 'dead', retryIn, offline };
  return { kind: 'lost', seconds: Math.ceil((code.validUntil - now) / 1000), offline };
}
