// The QR refresh cycle's timers: fetch on open, a new token each time the bar reaches its end (every 60 s).
// A failed fetch is retried with backoff (2, 4, 8, 16, 30 s…) until one works, and the browser's
// offline/online events pause and resume the retries, so the counter screen recovers by itself.
// A paired counter screen switches to codes it signs itself the moment it loses the server (the browser goes
// offline, or its live feed drops while the browser still thinks it is online), not at the next rotation.
import { isAnyOf, type ForkedTaskAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listener';
import { QR_TIMING } from '../../constants';
import { DATABASE_UNAVAILABLE_REASON } from '../../api/contract/protocol';
import { qrApi } from './qrApi';
import { codeSelfSigned, fetchFailed, fetchStarted, fetchSucceeded, isFetching, pageClosed, pageOpened, refreshDue, regenerateRequested, stampCountChosen, wentOffline, wentOnline } from './qrSlice';
import { activeSigner } from './device/counterDeviceSlice';
import { feedConnected, feedDropped } from '../activity/activityFeedSlice';
import { DEVICE_CODE_TTL_SECONDS, mintDeviceCode } from './device/deviceCodes';

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
      /** How far the server's clock is ahead of this browser's, learnt from its last code (a self-signed code is dated by it). */
      let serverClockAheadMs = 0;

      /**
       * A paired counter screen that cannot reach the server signs the code itself (true); any other page
       * cannot (false) and waits for the connection.
       */
      const signCode = (): boolean => {
        const signer = activeSigner(listenerApi.getState().counterDevice);
        const current = qr();
        if (!signer || current.status === 'closed' || current.vendorId !== signer.vendorId) return false;
        const { token, expiresAt } = mintDeviceCode(signer, Date.now() + serverClockAheadMs, current.nextStampCount);
        const url = `${signer.scanUrlPrefix}${token}`;
        const count = current.nextStampCount;
        listenerApi.dispatch(codeSelfSigned(count > 1 ? { token, url, expiresAt, count } : { token, url, expiresAt }));
        return true;
      };

      /** Never throws: a failure is logged and recorded; a cancelled cycle (page closed, newer Regenerate) is dropped. */
      const fetchToken = async (task: ForkedTaskAPI) => {
        listenerApi.dispatch(fetchStarted());
        const current = qr();
        const count = current.status === 'closed' ? 1 : current.nextStampCount;
        const request = listenerApi.dispatch(qrApi.endpoints.generateQrToken.initiate(count > 1 ? { vendorId, count } : vendorId, { track: false }));
        try {
          const { token, url, expiresAt } = await task.pause(request.unwrap());
          serverClockAheadMs = expiresAt - DEVICE_CODE_TTL_SECONDS * 1000 - Date.now();
          listenerApi.dispatch(fetchSucceeded(count > 1 ? { token, url, expiresAt, count } : { token, url, expiresAt }));
        } catch (error) {
          if (task.signal.aborted) {
            request.abort();
            return;
          }
          // Logged for whoever looks at the console; the page says the connection is lost, or that scans are
          // paused when the server answered that it cannot reach its database (see codeHealth).
          console.error('Failed to load QR code', error);
          const databaseUnavailable = isDatabaseUnavailable(error);
          listenerApi.dispatch(fetchFailed(describeError(error), databaseUnavailable));
          // A counter screen whose device was removed shows no more codes (its pairing is forgotten); one whose
          // server is there without its database gains nothing from its own codes (no scan is recorded meanwhile).
          if (!isRefusal(error) && !databaseUnavailable) signCode();
        }
      };

      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        listenerApi.dispatch(wentOffline());
        signCode();
      }

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
          if ((state.status === 'connecting' || state.status === 'live' || state.status === 'self-signed') && now >= state.refreshAt) {
            listenerApi.dispatch(refreshDue());
            // Without a network a self-signing screen signs the next code at once; otherwise it asks the server first.
            if (state.status === 'self-signed' && navigator.onLine === false) signCode();
            else if (!isFetching(state)) void fetchToken(task);
          } else if (state.status === 'retrying' && now >= state.retryAt && !state.fetching) {
            void fetchToken(task);
          }
        }
      });

      // The browser's own network events: offline pauses the retries, online tries again at the next tick.
      const goOffline = () => {
        listenerApi.dispatch(wentOffline());
        if (qr().status !== 'self-signed') signCode();
      };
      // A self-signing screen asks the server for a code at once (a new cycle); any other page retries.
      const goOnline = () => listenerApi.dispatch(qr().status === 'self-signed' ? regenerateRequested() : wentOnline());
      window.addEventListener('offline', goOffline);
      window.addEventListener('online', goOnline);

      // The live feed is the screen's line to the server: when it drops (the café's internet is down while its
      // Wi-Fi is up, so no offline event), the server's code on screen may be the last one for a while. A counter
      // screen signs its own at once; when the feed is back it asks the server for a code at once.
      const followFeed = listenerApi.fork(async (task) => {
        for (;;) {
          const [action] = await task.pause(listenerApi.take(isAnyOf(feedDropped, feedConnected)));
          const status = qr().status;
          if (feedDropped.match(action) && status !== 'self-signed') signCode();
          else if (feedConnected.match(action) && status === 'self-signed' && !(typeof navigator !== 'undefined' && navigator.onLine === false)) {
            listenerApi.dispatch(regenerateRequested());
          }
        }
      });

      // The effect stays alive until the page closes; cancelling it (a newer cycle) also cancels the forks.
      try {
        await listenerApi.take(pageClosed.match);
      } finally {
        cycle.cancel();
        followFeed.cancel();
        window.removeEventListener('offline', goOffline);
        window.removeEventListener('online', goOnline);
      }
    },
  });
}

/** The server answered 401 or 403: no use signing codes for a screen the store removed. */
function isRefusal(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 401 || status === 403;
}

/** The server answered 503 with the reason `database-unavailable`. */
function isDatabaseUnavailable(error: unknown): boolean {
  const data = typeof error === 'object' && error !== null ? (error as { data?: { reason?: unknown } }).data : undefined;
  return data?.reason === DATABASE_UNAVAILABLE_REASON;
}

function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { status, data } = error as { status?: unknown; data?: { error?: unknown } };
    if (typeof data?.error === 'string') return data.error;
    if (status !== undefined) return `Request failed (${String(status)})`;
  }
  return error instanceof Error ? error.message : 'Request failed';
}
