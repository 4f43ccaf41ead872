// The QR refresh cycle's timers (SPEC.md §4): fetch on open, a 0.6 s tick, a new token each time the bar wraps.
import { isAnyOf, type ForkedTaskAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listener';
import { QR_TEXT, QR_TIMING } from '../../constants';
import { qrApi } from './qrApi';
import { fetchFailed, fetchStarted, fetchSucceeded, pageClosed, pageOpened, regenerateRequested, tick } from './qrSlice';

/**
 * One cycle runs while the QR page is open. Opening the page or pressing 'Regenerate now' cancels the
 * running cycle and starts a new one (fetch now, progress from 0); closing the page cancels it, and the
 * listener API clears its pending delay, so no timer is left behind.
 */
export function registerQrListeners(startListening: AppStartListening): void {
  startListening({
    matcher: isAnyOf(pageOpened, regenerateRequested),
    effect: async (_action, listenerApi) => {
      const vendorId = listenerApi.getState().qr.vendorId;
      if (listenerApi.getState().qr.status === 'closed' || vendorId === null) return;
      listenerApi.cancelActiveListeners();

      /** Never throws: a failure is logged and recorded; a cancelled cycle (page closed, newer Regenerate) is dropped. */
      const fetchToken = async (task: ForkedTaskAPI) => {
        listenerApi.dispatch(fetchStarted());
        const request = listenerApi.dispatch(qrApi.endpoints.generateQrToken.initiate(vendorId, { track: false }));
        try {
          const { token, url, expiresAt } = await task.pause(request.unwrap());
          listenerApi.dispatch(fetchSucceeded({ token, url, expiresAt }));
        } catch (error) {
          if (task.signal.aborted) {
            request.abort();
            return;
          }
          // SPEC.md §8: console only.
          console.error(QR_TEXT.fetchFailedLog, error);
          listenerApi.dispatch(fetchFailed(describeError(error)));
        }
      };

      // Ticks keep their 0.6 s cadence while a fetch is in flight, so the bar and 'Refresh in N s' stay true.
      const cycle = listenerApi.fork(async (task) => {
        void fetchToken(task);
        for (;;) {
          await task.delay(QR_TIMING.tickMs);
          listenerApi.dispatch(tick());
          if (listenerApi.getState().qr.progress === 0) void fetchToken(task);
        }
      });

      // The effect stays alive until the page closes; cancelling it (a newer cycle) also cancels the fork.
      await listenerApi.take(pageClosed.match);
      cycle.cancel();
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
