// The live feed's connection cycle: fetch a 60-second ticket, open an EventSource on the stream URL,
// dispatch each line; on any error close it, pause (1 s, 2 s, 4 s … 15 s) and start over with a fresh
// ticket (an expired ticket cannot reopen the stream, so EventSource's own retry is not relied on).
import type { ForkedTaskAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listener';
import { api } from '../../api/apiSlice';
import { ACTIVITY_STREAM_EVENT, RELAY_ALERT_STREAM_EVENT, type ActivityItem } from '../../api/types';
import { activityApi } from './activityApi';
import { ACTIVITY_TEXT } from '../../constants';
import { feedClosed, feedConnected, feedDropped, feedOpened, itemReceived, itemsBackfilled, retryDelayMs, todaysItems } from './activityFeedSlice';

export function registerActivityFeedListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: feedOpened,
    effect: async (action, listenerApi) => {
      // Opening again (another vendor, a remount) replaces the running cycle.
      listenerApi.cancelActiveListeners();
      const { vendorId } = action.payload;

      /** One connection, from ticket to drop; resolves when it has ended (never throws but for cancellation). */
      const connectOnce = async (task: ForkedTaskAPI) => {
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
          return;
        }
        const EventSourceImpl = globalThis.EventSource;
        if (!EventSourceImpl) return;
        const source = new EventSourceImpl(url);
        try {
          await task.pause(
            new Promise<void>((dropped) => {
              source.addEventListener('open', () => listenerApi.dispatch(feedConnected()));
              source.addEventListener(ACTIVITY_STREAM_EVENT, (event) => {
                const item = parseItem((event as MessageEvent<string>).data);
                if (!item) return;
                listenerApi.dispatch(itemReceived(item));
                // The Reward Activity table, the dashboard and the first-day checklist reload when next shown.
                listenerApi.dispatch(api.util.invalidateTags([{ type: 'Activity', id: vendorId }, { type: 'Dashboard', id: vendorId }, { type: 'FirstDay', id: vendorId }]));
              });
              // Issue 17: a code's relay alert appeared or changed: the QR page's alerts reload at once.
              source.addEventListener(RELAY_ALERT_STREAM_EVENT, () => {
                listenerApi.dispatch(api.util.invalidateTags([{ type: 'RelayAlerts', id: vendorId }, { type: 'Activity', id: vendorId }, { type: 'Dashboard', id: vendorId }]));
              });
              source.addEventListener('error', () => dropped());
            }),
          );
        } finally {
          source.close();
        }
      };

      // Issue 15: the feed opens with today's latest lines, not empty. A failure here only means it starts empty.
      listenerApi.fork(async (task) => {
        const request = listenerApi.dispatch(activityApi.endpoints.getLatestActivity.initiate({ vendorId, pageSize: ACTIVITY_TEXT.feedMaxLines }, { track: false }));
        try {
          const { items } = await task.pause(request.unwrap());
          listenerApi.dispatch(itemsBackfilled(todaysItems(items, Date.now())));
        } catch {
          if (task.signal.aborted) request.abort();
        }
      });

      const cycle = listenerApi.fork(async (task) => {
        for (;;) {
          await connectOnce(task);
          listenerApi.dispatch(feedDropped());
          await task.delay(retryDelayMs(listenerApi.getState().activityFeed.retries));
        }
      });

      await listenerApi.take(feedClosed.match);
      cycle.cancel();
    },
  });
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
