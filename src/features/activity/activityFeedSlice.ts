// The vendor's one live connection (app-level, held by every signed-in vendor page, not only the QR
// page) and the counter feed's lines, as a state machine; its connection and retry timers live in
// activityFeedListeners.ts (the EventSource itself is not serializable, so it never enters the state).
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ActivityItem } from '../../api/contract/activity';
import { ACTIVITY_FEED_MAX_LINES, ACTIVITY_FEED_RETRY } from '../../constants';
import { t } from '../../i18n/texts';
import { stampCount } from './stampCount';

/**
 * closed: no feed on screen (nothing connects).
 * connecting: fetching a ticket and opening the stream for the first time.
 * live: the stream is open; lines arrive as customers scan.
 * reconnecting: the stream dropped (or could not open); a new ticket and stream follow after a pause
 *   (`databaseDown` set when the server answered that it cannot reach its database).
 */
export type ActivityFeedStatus = 'closed' | 'connecting' | 'live' | 'reconnecting';

export interface ActivityFeedState {
  status: ActivityFeedStatus;
  vendorId: string | null;
  /** Newest first, at most ACTIVITY_FEED_MAX_LINES. */
  items: ActivityItem[];
  /** Failed attempts since the stream was last live (sets the pause before the next one). */
  retries: number;
  /**
   * How many mounted components hold the connection (the vendor layout, the QR page's feed). It closes a
   * moment after the last one lets go, so moving between vendor pages keeps the same stream.
   */
  holders: number;
  /**
   * The server holding the feed says it cannot reach its database: every scan is refused until it can. Told by
   * the feed itself (each server its own view), so cleared with each new connection until that server says so.
   */
  databaseDown: boolean;
}

export const initialActivityFeedState: ActivityFeedState = { status: 'closed', vendorId: null, items: [], retries: 0, holders: 0, databaseDown: false };

export const activityFeedSlice = createSlice({
  name: 'activityFeed',
  initialState: initialActivityFeedState,
  reducers: {
    /** A component wants the connection: the first one opens it, later ones (same vendor) share it. */
    feedOpened(state, action: PayloadAction<{ vendorId: string }>) {
      if (state.status !== 'closed' && state.vendorId === action.payload.vendorId) {
        state.holders += 1;
        return;
      }
      return { ...initialActivityFeedState, status: 'connecting', vendorId: action.payload.vendorId, holders: 1 };
    },
    /** A component no longer needs the connection; the listener closes it shortly after the last one. */
    feedReleased(state) {
      if (state.status !== 'closed') state.holders = Math.max(0, state.holders - 1);
    },
    feedClosed() {
      return initialActivityFeedState;
    },
    feedConnected(state) {
      if (state.status === 'closed') return;
      state.status = 'live';
      state.retries = 0;
      state.databaseDown = false;
    },
    feedDropped(state) {
      if (state.status === 'closed') return;
      state.status = 'reconnecting';
      state.retries += 1;
      state.databaseDown = false;
    },
    /**
     * The server refused a new connection because it cannot reach its database: the screen says "Scans paused"
     * (as that server's feed would) until a connection opens again, and the next attempt comes at the server's pace.
     */
    feedPaused(state) {
      if (state.status === 'closed') return;
      state.status = 'reconnecting';
      state.databaseDown = true;
    },
    /** The server holding the feed says whether it can reach its database (on each change). */
    serverStateReceived(state, action: PayloadAction<{ database: 'up' | 'down' }>) {
      if (state.status !== 'live') return;
      state.databaseDown = action.payload.database === 'down';
    },
    /** The store's day's latest lines, fetched when the feed opens: merged with any that arrived meanwhile. */
    itemsBackfilled(state, action: PayloadAction<ActivityItem[]>) {
      if (state.status === 'closed') return;
      const known = new Set(state.items.map((item) => item.id));
      const merged = [...state.items, ...action.payload.filter((item) => !known.has(item.id))];
      state.items = merged.sort((a, b) => b.date - a.date).slice(0, ACTIVITY_FEED_MAX_LINES);
    },
    itemReceived(state, action: PayloadAction<ActivityItem>) {
      if (state.status === 'closed') return;
      // A line is shown once, even if a reconnect delivers it again; a claim that was handed over or expired
      // arrives again with its new status and replaces its line where it stands.
      const at = state.items.findIndex((item) => item.id === action.payload.id);
      if (at >= 0) {
        state.items[at] = action.payload;
        return;
      }
      state.items = [action.payload, ...state.items].slice(0, ACTIVITY_FEED_MAX_LINES);
    },
    /** The page speaks another language: the lines on screen take the wording of the same lines fetched again. */
    itemsRelabelled(state, action: PayloadAction<ActivityItem[]>) {
      const fresh = new Map(action.payload.map((item) => [item.id, item]));
      state.items = state.items.map((item) => fresh.get(item.id) ?? item);
    },
    /** Stamps the store voided (read from its alerts) read as voided in the feed too. */
    itemsVoided(state, action: PayloadAction<string[]>) {
      const voided = new Set(action.payload);
      for (const item of state.items) if (item.type === 'stamp' && voided.has(item.id)) item.voided = true;
    },
  },
  selectors: {
    selectActivityFeed: (state) => state,
  },
});

export const { feedOpened, feedReleased, feedClosed, feedConnected, feedDropped, feedPaused, serverStateReceived, itemReceived, itemsBackfilled, itemsRelabelled, itemsVoided } = activityFeedSlice.actions;

/**
 * The person switched the page's language: the stream's labels ("Customer #27, 3rd visit") are written by the
 * server in the language its ticket was asked in, so the connection is renewed and the lines fetched again.
 */
export const feedLanguageChanged = createAction('activityFeed/languageChanged');
export const { selectActivityFeed } = activityFeedSlice.selectors;

/**
 * What the feed's badge says: 'paused' while its server cannot record stamps (customers' scans fail), told by an
 * open feed or by the answer to a new one, whatever else the page shows.
 */
export type FeedBadgeState = 'connecting' | 'live' | 'reconnecting' | 'paused';

export function feedBadgeState(feed: Pick<ActivityFeedState, 'status' | 'databaseDown'>): FeedBadgeState {
  if (feed.databaseDown && feed.status !== 'closed') return 'paused';
  if (feed.status === 'live') return 'live';
  return feed.status === 'reconnecting' ? 'reconnecting' : 'connecting';
}

/** The pause before attempt `retries` + 1: 1 s, 2 s, 4 s … up to 15 s. */
export function retryDelayMs(retries: number): number {
  return Math.min(ACTIVITY_FEED_RETRY.maxMs, ACTIVITY_FEED_RETRY.firstMs * 2 ** Math.max(0, retries - 1));
}

/**
 * The feed line a vendor reads (in the page's language; call it while rendering): "Ana collected a stamp · 4/10",
 * "Ana collected a bonus stamp · 5/10", "Ana collected a stamp · reward ready" (a full card), "Reward claimed by Ana".
 */
export function feedLine(item: ActivityItem): string {
  if (item.type === 'redemption') return t('activity.claimLine', { customer: item.customer });
  if (item.voided) return t('relay.feedVoided', { customer: item.customer });
  if (item.bonus) return t('bonusActivity.feedLine', { customer: item.customer, ...stampCount(item) });
  return t('activity.stampLine', { customer: item.customer, ...stampCount(item) });
}
