// The QR page's refresh cycle (SPEC.md §4) as a state machine; its timers live in qrListeners.ts.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { QR_TIMING } from '../../constants';

/**
 * closed: the page is not open (no timers run).
 * loading: open, waiting for the first token.
 * ready: a token is shown (a refresh may be in flight: see `loading`).
 * failed: open, the last fetch failed and there is no token to show.
 */
export type QrStatus = 'closed' | 'loading' | 'ready' | 'failed';

export interface QrState {
  status: QrStatus;
  vendorId: string | null;
  token: string | null;
  /** What the QR image encodes: PUBLIC_URL/s/<token>. */
  url: string | null;
  /** Epoch ms after which the shown token no longer stamps. */
  expiresAt: number | null;
  /** 0–99: how far the 60-second cycle has run, in 1 % steps. */
  progress: number;
  /** True while a token fetch is in flight. */
  loading: boolean;
  lastError: string | null;
}

export const initialQrState: QrState = {
  status: 'closed',
  vendorId: null,
  token: null,
  url: null,
  expiresAt: null,
  progress: 0,
  loading: false,
  lastError: null,
};

export const qrSlice = createSlice({
  name: 'qr',
  initialState: initialQrState,
  reducers: {
    pageOpened(_state, action: PayloadAction<{ vendorId: string }>) {
      // Reopening (or opening for another vendor) starts a fresh cycle with no stale token on screen.
      // Opening fetches at once, so the loading flag is on from this very action.
      return { ...initialQrState, status: 'loading', vendorId: action.payload.vendorId, loading: true };
    },
    pageClosed() {
      return initialQrState;
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
    fetchSucceeded(state, action: PayloadAction<{ token: string; url: string; expiresAt: number }>) {
      if (state.status === 'closed') return;
      state.status = 'ready';
      state.token = action.payload.token;
      state.url = action.payload.url;
      state.expiresAt = action.payload.expiresAt;
      state.loading = false;
      state.lastError = null;
    },
    fetchFailed(state, action: PayloadAction<string>) {
      if (state.status === 'closed') return;
      // A token still on screen stays (it is valid for 30 s past the rotation); without one the page shows the failure.
      if (state.token === null) state.status = 'failed';
      state.loading = false;
      state.lastError = action.payload;
    },
    /** One 0.6 s step; at 100 the bar wraps to 0, which is also when the next token is fetched. */
    tick(state) {
      if (state.status === 'closed') return;
      state.progress = (state.progress + 1) % 100;
    },
  },
  selectors: {
    selectQr: (state) => state,
    selectQrStatus: (state) => state.status,
    selectQrProgress: (state) => state.progress,
  },
});

export const { pageOpened, pageClosed, regenerateRequested, fetchStarted, fetchSucceeded, fetchFailed, tick } = qrSlice.actions;
export const { selectQr, selectQrStatus, selectQrProgress } = qrSlice.selectors;

/** SPEC.md §2 'Refresh in N s': whole seconds until the next token, from the progress (100 steps of 0.6 s). */
export function secondsUntilRefresh(progress: number): number {
  return Math.ceil(((100 - progress) * QR_TIMING.tickMs) / 1000);
}
