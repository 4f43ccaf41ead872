// The QR refresh cycle's timers: fetch on open, a 0.6 s tick, a new token each time the bar wraps.
// A failed fetch is retried with backoff (2, 4, 8, 16, 30 s…) until one works, and the browser's
// offline/online events pause and resume the retries, so the counter screen recovers by itself.
import { isAnyOf, type ForkedTaskAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listener';
import { QR_TEXT, QR_TIMING } from '../../constants';
import { qrApi } from './qrApi';
import { fetchFailed, fetchStarted, fetchSucceeded, pageClosed, pageOpened, regenerateRequested, stampCountChosen, tick, wentOffline, wentOnline } from './qrSlice';

/**
 * One cycle runs while the QR page is open. Opening the page or pressing 'Regenerate now' cancels the
 * running cycle and starts a new one (fetch now, progress from 0); closing the page cancels it, and the
 * listener API clears its pending delay, so no timer is left behind.
 */
export function registerQrListeners(startListening: AppStartListening): void {
  startListening({
    matcher: isAnyOf(pageOpened, regenerateRequested, stampCountChosen),
    effect: async (_action, listenerApi) => {
      const vendorId = listenerApi.getState().qr.vendorId;
      if (listenerApi.getState().qr.status === 'closed' || vendorId === null) return;
      listenerApi.cancelActiveListeners();
      const qr = () => listenerApi.getState().qr;

      /** Never throws: a failure is logged and recorded; a cancelled cycle (page closed, newer Regenerate) is dropped. */
      const fetchToken = async (task: ForkedTaskAPI) => {
        listenerApi.dispatch(fetchStarted());
        const count = listenerApi.getState().qr.nextStampCount;
        const request = listenerApi.dispatch(qrApi.endpoints.generateQrToken.initiate(count > 1 ? { vendorId, count } : vendorId, { track: false }));
        try {
          const { token, url, expiresAt } = await task.pause(request.unwrap());
          listenerApi.dispatch(fetchSucceeded(count > 1 ? { token, url, expiresAt, count } : { token, url, expiresAt }));
        } catch (error) {
          if (task.signal.aborted) {
            request.abort();
            return;
          }
          // Console only (the page now also says the connection is lost: see codeHealth).
          console.error(QR_TEXT.fetchFailedLog, error);
          listenerApi.dispatch(fetchFailed(describeError(error)));
        }
      };

      if (typeof navigator !== 'undefined' && navigator.onLine === false) listenerApi.dispatch(wentOffline());

      // Ticks keep their 0.6 s cadence while a fetch is in flight, so the bar and 'Refresh in N s' stay true.
      // A fetch is due on open, when the bar wraps, and (after a failure) when the retry time has come.
      const cycle = listenerApi.fork(async (task) => {
        let due = true;
        let first = true;
        for (;;) {
          const state = qr();
          const retryDue = state.retryAt !== null && state.retryAt <= Date.now();
          // The first fetch is flagged as loading by pageOpened/regenerateRequested themselves; later ones wait
          // for a fetch in flight (it counts as the due one) and for the network.
          if (first || ((due || retryDue) && !state.loading && state.connection !== 'offline')) void fetchToken(task);
          first = false;
          due = false;
          await task.delay(QR_TIMING.tickMs);
          listenerApi.dispatch(tick());
          if (qr().connection === 'ok' && qr().progress === 0) due = true;
        }
      });

      // The browser's own network events: offline pauses the retries, online tries again at the next tick.
      const goOffline = () => listenerApi.dispatch(wentOffline());
      const goOnline = () => listenerApi.dispatch(wentOnline());
      window.addEventListener('offline', goOffline);
      window.addEventListener('online', goOnline);

      // The effect stays alive until the page closes; cancelling it (a newer cycle) also cancels the forks.
      try {
        await listenerApi.take(pageClosed.match);
      } finally {
        cycle.cancel();
        window.removeEventListener('offline', goOffline);
        window.removeEventListener('online', goOnline);
      }
    },
  });
}

function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { status, data } = error as { status?: unknown; data?: { error?: unknown } };
    if (typeof data?.error === 'string') return data.error;
    if (status !== undefined) return `Request failed (${String(status)})`;
  }
  return error instanceof Error ? error.message : 'Request failed';
}
