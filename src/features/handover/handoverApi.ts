// Confirming a hand-over from the counter, on the one api slice. A confirmed claim's new line goes
// straight into the live feed (the stream brings it too, to every other screen of the store) and the
// dashboard's claim counts reload.
import { api } from '../../api/apiSlice';
import type { HandoverResponse, HandoverScreen } from '../../api/contract/handover';
import { itemReceived } from '../activity/activityFeedSlice';

export interface HandOverArgs {
  vendorId: string;
  claimId: string;
  screen: HandoverScreen;
}

export interface HandOverByCodeArgs {
  vendorId: string;
  code: string;
  screen: HandoverScreen;
}

export const handoverApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/handover/{vendorId}/claims/{claimId} (bearer): 409 already given, 410 expired. */
    handOver: build.mutation<HandoverResponse, HandOverArgs>({
      query: ({ vendorId, claimId, screen }) => ({
        url: `/handover/${encodeURIComponent(vendorId)}/claims/${encodeURIComponent(claimId)}`,
        method: 'POST',
        body: { screen },
      }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(itemReceived(data.item));
        } catch {
          // The button shows why it failed.
        }
      },
      invalidatesTags: (_result, _error, { vendorId }) => [{ type: 'Dashboard', id: vendorId }, { type: 'Activity', id: vendorId }],
    }),
    /** POST /api/handover/{vendorId}/code (bearer): the code typed from the customer's screen; 404 when none waits with it. */
    handOverByCode: build.mutation<HandoverResponse, HandOverByCodeArgs>({
      query: ({ vendorId, code, screen }) => ({ url: `/handover/${encodeURIComponent(vendorId)}/code`, method: 'POST', body: { code, screen } }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(itemReceived(data.item));
        } catch {
          // The form shows why it failed.
        }
      },
      invalidatesTags: (_result, _error, { vendorId }) => [{ type: 'Dashboard', id: vendorId }, { type: 'Activity', id: vendorId }],
    }),
  }),
});

export const { useHandOverMutation, useHandOverByCodeMutation } = handoverApi;
