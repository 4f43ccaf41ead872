// The live feed's connection cycle: fetch a 60-second ticket, open an EventSource on the stream URL,
// dispatch each line; on any error close it, pause (1 s, 2 s, 4 s … 15 s) and start over with a fresh
// ticket (an expired ticket cannot reopen the stream, so EventSource's own retry is not relied on). A ticket
// refused because the server cannot reach its database shows "Scans paused" and is asked again every 5 s.
import { isAnyOf, type ForkedTaskAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listener';
import { api, sessionEndCauseOf, sessionRefused } from '../../api/apiSlice';
import type { ActivityItem } from '../../api/contract/activity';
import {
  ACTIVITY_STREAM_EVENT,
  DATABASE_UNAVAILABLE_REASON,
  RELAY_ALERT_STREAM_EVENT,
  SERVER_STATE_STREAM_EVENT,
  SESSION_ENDED_STREAM_EVENT,
} from '../../api/contract/protocol';
import { activityApi } from './activityApi';
import { ACTIVITY_FEED_MAX_LINES, ACTIVITY_FEED_RETRY } from '../../constants';
import { loggedOut, sessionExpired } from '../session/sessionSlice';
import {
  feedClosed,
  feedConnected,
  feedDropped,
  feedLanguageChanged,
  feedOpened,
  feedPaused,
  feedReleased,
  itemReceived,
  itemsBackfilled,
  itemsRelabelled,
  retryDelayMs,
  serverStateReceived,
} from './activityFeedSlice';

/**
 * How long the connection outlives the last page holding it: long enough for the next vendor page (a lazily
 * loaded chunk) to take it over, so navigating never costs a new stream (the server caps streams per store).
 */
export const FEED_RELEASE_GRACE_MS = 5000;

/** The server's data that a stamp or claim changes; their RTK Query caches refetch when these are invalidated. */
const liveTags = (vendorId: string) =>
  [
    { type: 'Activity', id: vendorId },
    { type: 'Dashboard', id: vendorId },
    { type: 'FirstDay', id: vendorId },
  ] as const;

export function registerActivityFeedListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: feedOpened,
    effect: async (action, listenerApi) => {
      const { vendorId } = action.payload;
      const before = listenerApi.getOriginalState().activityFeed;
      // Another page taking over the same vendor's connection: the running cycle stays.
      if (before.status !== 'closed' && before.vendorId === vendorId) return;
      // No EventSource (jsdom, a very old browser): nothing could ever connect, so ask for no tickets.
      // Opening for another vendor replaces the running cycle.
      listenerApi.cancelActiveListeners();

      /**
       * The latest lines of the store's day (the server cuts it at midnight in the store's time zone), merged into
       * the feed. A failure here only means the feed shows what it has.
       */
      const backfill = async (task: ForkedTaskAPI) => {
        const request = listenerApi.dispatch(activityApi.endpoints.getTodaysActivity.initiate({ vendorId, pageSize: ACTIVITY_FEED_MAX_LINES }, { track: false }));
        try {
          const { items } = await task.pause(request.unwrap());
          listenerApi.dispatch(itemsBackfilled(items));
        } catch {
          if (task.signal.aborted) request.abort();
        }
      };

      // One pending wait for a language switch at a time, renewed after each: a connection that drops
      // leaves it for the next one (a switch while a ticket is on its way renews that connection at once).
      // It settles false when the feed closes (the wait is cancelled with the listener).
      const nextLanguageSwitch = () => listenerApi.take(feedLanguageChanged.match).then(() => true, () => false);
      let languageChanged = nextLanguageSwitch();

      /** The lines on screen, fetched again after a language switch: they take the new wording. */
      const relabel = async (task: ForkedTaskAPI) => {
        const request = listenerApi.dispatch(activityApi.endpoints.getLatestActivity.initiate({ vendorId, pageSize: ACTIVITY_FEED_MAX_LINES }, { track: false }));
        try {
          const { items } = await task.pause(request.unwrap());
          listenerApi.dispatch(itemsRelabelled(items));
        } catch {
          if (task.signal.aborted) request.abort();
        }
      };

      /**
       * One connection, from ticket to its end: 'dropped', 'paused' when the server refused the ticket because it
       * cannot reach its database, or 'relabelled' when the page switched language (a fresh ticket carries the
       * new one). Never throws but for cancellation.
       */
      const connectOnce = async (task: ForkedTaskAPI): Promise<'dropped' | 'paused' | 'relabelled'> => {
        // The session the ticket is asked with: the one a `session-ended` event of this connection speaks of.
        const sessionToken = listenerApi.getState().session.token;
        const request = listenerApi.dispatch(activityApi.endpoints.createStreamTicket.initiate(vendorId, { track: false }));
        let url: string;
        try {
          ({ url } = await task.pause(request.unwrap()));
        } catch (error) {
          // Cancelled (the page closed): stop here. Any other failure: this attempt failed; retry later.
          if (task.signal.aborted) {
            request.abort();
            throw error;
          }
          return isDatabaseUnavailable(error) ? 'paused' : 'dropped';
        }
        const EventSourceImpl = globalThis.EventSource;
        if (!EventSourceImpl) return 'dropped';
        const source = new EventSourceImpl(url);
        let wentOffline = () => {};
        try {
          return await task.pause(
            new Promise<'dropped' | 'relabelled'>((ended) => {
              wentOffline = () => ended('dropped');
              void languageChanged.then((switched) => switched && ended('relabelled'));
              source.addEventListener('open', () => {
                // Back after a drop: whatever happened meanwhile was never pushed, so every live view reloads.
                const wasDropped = listenerApi.getState().activityFeed.status === 'reconnecting';
                listenerApi.dispatch(feedConnected());
                if (wasDropped) listenerApi.dispatch(api.util.invalidateTags([...liveTags(vendorId)]));
                // The feed catches up on the stamps and claims made while it was away, and on a first connection
                // on those made between the page's first lines and the stream's opening, which were never pushed.
                listenerApi.fork(backfill);
              });
              source.addEventListener(ACTIVITY_STREAM_EVENT, (event) => {
                const item = parseItem((event as MessageEvent<string>).data);
                if (!item) return;
                listenerApi.dispatch(itemReceived(item));
                // The Reward Activity table, the dashboard (figures, outstanding rewards) and the first-day
                // checklist on screen refetch at once; the others when next shown.
                listenerApi.dispatch(api.util.invalidateTags([...liveTags(vendorId)]));
              });
              // A code's relay alert appeared or changed: the QR page's alerts reload at once.
              source.addEventListener(RELAY_ALERT_STREAM_EVENT, () => {
                listenerApi.dispatch(api.util.invalidateTags([{ type: 'RelayAlerts', id: vendorId }, { type: 'Activity', id: vendorId }, { type: 'Dashboard', id: vendorId }]));
              });
              // The server can (or can no longer) reach its database: the counter says whether scans stamp.
              source.addEventListener(SERVER_STATE_STREAM_EVENT, (event) => {
                const state = parseJson((event as MessageEvent<string>).data);
                const database = typeof state === 'object' && state !== null && 'database' in state ? state.database : undefined;
                if (database === 'up' || database === 'down') listenerApi.dispatch(serverStateReceived({ database }));
              });
              // The session was revoked (Logout elsewhere, a password change, the person removed): the server closes
              // the feed, and this tab signs out at once, the sign-in screen saying why.
              source.addEventListener(SESSION_ENDED_STREAM_EVENT, (event) => {
                source.close();
                if (sessionToken) listenerApi.dispatch(sessionRefused({ token: sessionToken, cause: sessionEndCauseOf(parseJson((event as MessageEvent<string>).data)) }));
                ended('dropped');
              });
              source.addEventListener('error', () => ended('dropped'));
              // The browser knows the network is gone (the shop's Wi-Fi dropped): a stream over it may stay silent
              // for minutes instead of failing, with the badge still saying 'Live'.
              window.addEventListener('offline', wentOffline);
            }),
          );
        } finally {
          window.removeEventListener('offline', wentOffline);
          source.close();
        }
      };

      // The feed opens with the latest lines of the store's day, not empty. A failure here only means it starts empty.
      listenerApi.fork(backfill);

      const cycle = listenerApi.fork(async (task) => {
        for (;;) {
          const ended = await connectOnce(task);
          if (ended === 'relabelled') {
            languageChanged = nextLanguageSwitch();
            listenerApi.fork(relabel);
            continue;
          }
          if (ended === 'paused') {
            listenerApi.dispatch(feedPaused());
            await task.delay(ACTIVITY_FEED_RETRY.pausedMs);
            continue;
          }
          listenerApi.dispatch(feedDropped());
          await untilRetryOrOnline(task, retryDelayMs(listenerApi.getState().activityFeed.retries));
        }
      });

      await listenerApi.take(feedClosed.match);
      cycle.cancel();
    },
  });

  startListening({
    actionCreator: feedReleased,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      if (listenerApi.getState().activityFeed.holders > 0) return;
      await listenerApi.delay(FEED_RELEASE_GRACE_MS);
      const feed = listenerApi.getState().activityFeed;
      if (feed.status !== 'closed' && feed.holders === 0) listenerApi.dispatch(feedClosed());
    },
  });

  // Signing out ends the stream at once: it must not keep delivering a store's customers to a signed-out tab.
  startListening({
    matcher: isAnyOf(loggedOut, sessionExpired, sessionRefused),
    effect: (_action, listenerApi) => {
      if (listenerApi.getState().session.token !== null) return;
      if (listenerApi.getState().activityFeed.status !== 'closed') listenerApi.dispatch(feedClosed());
    },
  });
}

/** The pause before the next attempt, cut short when the network comes back (the pauses grow while it is away). */
async function untilRetryOrOnline(task: ForkedTaskAPI, delayMs: number): Promise<void> {
  let backOnline = () => {};
  const online = new Promise<void>((resolve) => {
    backOnline = resolve;
    window.addEventListener('online', backOnline, { once: true });
  });
  try {
    await Promise.race([task.delay(delayMs), task.pause(online)]);
  } finally {
    window.removeEventListener('online', backOnline);
  }
}

/** A refusal of the server that cannot reach its database (503, reason `database-unavailable`). */
function isDatabaseUnavailable(error: unknown): boolean {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  return typeof data === 'object' && data !== null && 'reason' in data && data.reason === DATABASE_UNAVAILABLE_REASON;
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

function parseItem(data: string): ActivityItem | undefined {
  try {
    const item = JSON.parse(data) as Partial<ActivityItem>;
    if (typeof item.id !== 'string' || (item.type !== 'stamp' && item.type !== 'redemption') || typeof item.customer !== 'string') return undefined;
    return item as ActivityItem;
  } catch {
    return undefined;
  }
}
