// The QR refresh cycle's timers: fetch on open, a new token each time the bar reaches its end (every 60 s).
// A failed fetch is retried with backoff (2, 4, 8, 16, 30 s…) until one works, and the browser's
// offline/online events pause and resume the retries, so the counter screen recovers by itself.
import { isAnyOf, type ForkedTaskAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listener';
import { QR_TEXT, QR_TIMING } from '../../constants';
import { qrApi } from './qrApi';
import { fetchFailed, fetchStarted, fetchSucceeded, isFetching, pageClosed, pageOpened, refreshDue, regenerateRequested, stampCountChosen, wentOffline, wentOnline } from './qrSlice';

/**
 * One cycle runs while the QR page is open. Opening the page or pressing 'Regenerate now' cancels the
 * running cycle and starts a new one (fetch now, progress from 0); closing the page cancels it, and the
 * listener API clears its pending delay, so no timer is left behind.
 */
export function registerQrListeners(startListening: AppStartListening): void {
  startListening({
    matcher: isAnyOf(pageOpened, regenerateRequested, stampCountChosen),
    effect: async (_action, listenerApi) => {
      const opened = listenerApi.getState().qr;
      if (opened.status === 'closed') return;
      const { vendorId } = opened;
      listenerApi.cancelActiveListeners();
      const qr = () => listenerApi.getState().qr;

      /** Never throws: a failure is logged and recorded; a cancelled cycle (page closed, newer Regenerate) is dropped. */
      const fetchToken = async (task: ForkedTaskAPI) => {
        listenerApi.dispatch(fetchStarted());
        const current = qr();
        const count = current.status === 'closed' ? 1 : current.nextStampCount;
        const request = listenerApi.dispatch(qrApi.endpoints.generateQrToken.initiate(count > 1 ? { vendorId, count } : vendorId, { track: false }));
        try {
          const { token, url, expiresAt } = await task.pause(request.unwrap());
          listenerApi.dispatch(fetchSucceeded(count > 1 ? { token, url, expiresAt, count } : { token, url, expiresAt }));
        } catch (error) {
          if (task.signal.aborted) {
            request.abort();
            return;
          }
          // Logged for whoever looks at the console; the page says the connection is lost (see codeHealth).
          console.error(QR_TEXT.fetchFailedLog, error);
          listenerApi.dispatch(fetchFailed(describeError(error)));
        }
      };

      if (typeof navigator !== 'undefined' && navigator.onLine === false) listenerApi.dispatch(wentOffline());

      // The cycle looks at its deadlines every 0.6 s (one step of the bar) and changes state only when one has
      // come: the next code is due (refreshDue), or the retry after a failure. A fetch still in flight counts
      // as the due one; offline, nothing is fetched until the browser is back online.
      const cycle = listenerApi.fork(async (task) => {
        // The first fetch is announced by pageOpened/regenerateRequested themselves.
        void fetchToken(task);
        for (;;) {
          await task.delay(QR_TIMING.tickMs);
          const now = Date.now();
          const state = qr();
          if ((state.status === 'connecting' || state.status === 'live') && now >= state.refreshAt) {
            listenerApi.dispatch(refreshDue());
            if (!isFetching(state)) void fetchToken(task);
          } else if (state.status === 'retrying' && now >= state.retryAt && !state.fetching) {
            void fetchToken(task);
          }
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
