// The first-day checklist's endpoints, added to the one api slice.
import { api } from '../../api/apiSlice';
import type { FirstDayStatus } from '../../api/contract/rewards';

export const firstDayApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/rewards/{vendorId}/first-day (bearer): reward set and usable, flyer printed, first stamp. */
    getFirstDay: build.query<FirstDayStatus, string>({
      query: (vendorId) => `/rewards/${encodeURIComponent(vendorId)}/first-day`,
      providesTags: (_result, _error, vendorId) => [{ type: 'FirstDay', id: vendorId }],
    }),
    /** POST /api/qrcode/flyer-printed (bearer): the flyer was exported or printed (the checklist's second step). */
    markFlyerPrinted: build.mutation<{ flyerPrinted: boolean }, string>({
      query: (vendorId) => ({ url: '/qrcode/flyer-printed', method: 'POST', body: { vendorId } }),
      invalidatesTags: (_result, error, vendorId) => (error ? [] : [{ type: 'FirstDay', id: vendorId }]),
    }),
  }),
});

export const { useGetFirstDayQuery, useMarkFlyerPrintedMutation } = firstDayApi;
