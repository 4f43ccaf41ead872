// Activity, dashboard and live-feed endpoints, added to the one api slice.
import { api } from '../../api/apiSlice';
import type { ActivityItem, ActivityPage, DashboardResponse, StreamTicketResponse, TodaysActivity } from '../../api/contract/activity';

export interface ActivityPageArgs {
  vendorId: string;
  page: number;
  pageSize: number;
  /** A page's nextCursor: this page lies among the rows older than its last one (keyset, any depth). */
  before?: string;
  /** A page's prevCursor: this page lies among the rows newer than its first one. */
  after?: string;
  /** With before/after: rows passed over first (a page a few pages away). */
  skip?: number;
}

/** The browser's offset from UTC in minutes (UTC+13 → 780), so the dashboard's days are the vendor's days. */
export function localUtcOffsetMinutes(date = new Date()): number {
  // getTimezoneOffset is UTC minus local; `|| 0` turns -0 into 0 for a clean query string.
  return -date.getTimezoneOffset() || 0;
}

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/activity/{vendorId}?page=&pageSize=[&before=|&after=][&skip=] (bearer): stamps and claims, newest first. */
    getActivity: build.query<ActivityPage, ActivityPageArgs>({
      query: ({ vendorId, page, pageSize, before, after, skip }) => ({
        url: `/activity/${encodeURIComponent(vendorId)}`,
        // Only the parameters in use (the query string stays as short as the request).
        params: {
          page,
          pageSize,
          ...(before === undefined ? {} : { before }),
          ...(after === undefined ? {} : { after }),
          ...(skip === undefined ? {} : { skip }),
        },
      }),
      providesTags: (_result, _error, { vendorId }) => [{ type: 'Activity', id: vendorId }],
    }),
    /** GET /api/dashboard/{vendorId}?utcOffset= (bearer): every dashboard figure. */
    getDashboard: build.query<DashboardResponse, string>({
      query: (vendorId) => ({ url: `/dashboard/${encodeURIComponent(vendorId)}`, params: { utcOffset: localUtcOffsetMinutes() } }),
      providesTags: (_result, _error, vendorId) => [{ type: 'Dashboard', id: vendorId }],
    }),
    /**
     * GET /api/activity/{vendorId}?page=1&pageSize= (bearer): the newest lines, for the counter feed to start
     * with. A mutation: fetched once per opening, and it leaves no cache entry (or its timer) behind.
     */
    getLatestActivity: build.mutation<ActivityPage, { vendorId: string; pageSize: number }>({
      query: ({ vendorId, pageSize }) => ({ url: `/activity/${encodeURIComponent(vendorId)}`, method: 'GET', params: { page: 1, pageSize } }),
    }),
    /**
     * GET /api/activity/{vendorId}/today?pageSize=&utcOffset= (bearer): the newest lines of the store's day (its time
     * zone decides, not this browser's clock; the browser's offset only for a store without one).
     */
    getTodaysActivity: build.mutation<TodaysActivity, { vendorId: string; pageSize: number }>({
      query: ({ vendorId, pageSize }) => ({ url: `/activity/${encodeURIComponent(vendorId)}/today`, method: 'GET', params: { pageSize, utcOffset: localUtcOffsetMinutes() } }),
    }),
    /** POST /api/activity/{vendorId}/stamps/{stampId}/remove (bearer) {reason}: staff take back a mistaken stamp. */
    removeStamp: build.mutation<ActivityItem, { vendorId: string; stampId: string; reason: string }>({
      query: ({ vendorId, stampId, reason }) => ({
        url: `/activity/${encodeURIComponent(vendorId)}/stamps/${encodeURIComponent(stampId)}/remove`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, error, { vendorId }) => (error ? [] : [{ type: 'Activity', id: vendorId }, { type: 'Dashboard', id: vendorId }]),
    }),
    /** POST /api/activity/{vendorId}/stream-ticket (bearer): a 60-second ticket and the stream URL carrying it. */
    createStreamTicket: build.mutation<StreamTicketResponse, string>({
      query: (vendorId) => ({ url: `/activity/${encodeURIComponent(vendorId)}/stream-ticket`, method: 'POST' }),
    }),
  }),
});

export const { useGetActivityQuery, useGetDashboardQuery, useRemoveStampMutation } = activityApi;
