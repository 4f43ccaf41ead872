// Reward endpoints (/api/rewards), added to the one api slice.
import { api } from './apiSlice';
import type { CounterStampSettings, RewardResponse, RewardSettings, RewardSettingsView, RewardSetup } from './contract/rewards';

export const rewardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/rewards/{vendorId} (bearer): the saved setup (or the default reward) and the vendor's items. */
    getReward: build.query<RewardResponse, string>({
      query: (vendorId) => `/rewards/${encodeURIComponent(vendorId)}`,
      providesTags: (_result, _error, vendorId) => [{ type: 'Reward', id: vendorId }],
    }),
    /** POST /api/rewards/{vendorId} (bearer) with exactly {stamps, item, itemCustom, expiry}. */
    saveReward: build.mutation<{ reward: RewardSetup }, { vendorId: string; reward: RewardSetup }>({
      query: ({ vendorId, reward }) => ({ url: `/rewards/${encodeURIComponent(vendorId)}`, method: 'POST', body: reward }),
      // The dashboard's figures count against the reward's size (full cards, one stamp away): they reload too.
      invalidatesTags: (_result, error, { vendorId }) =>
        error ? [] : [{ type: 'Reward', id: vendorId }, { type: 'FirstDay', id: vendorId }, { type: 'Dashboard', id: vendorId }],
    }),
  }),
});

export const { useGetRewardQuery, useSaveRewardMutation } = rewardsApi;

export const rewardSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/rewards/{vendorId}/settings (bearer): stamp mode, max per transaction, auto-redeem, expiry in days. */
    getRewardSettings: build.query<RewardSettingsView, string>({
      query: (vendorId) => `/rewards/${encodeURIComponent(vendorId)}/settings`,
      providesTags: (_result, _error, vendorId) => [{ type: 'RewardSettings', id: vendorId }],
    }),
    /** GET /api/rewards/{vendorId}/counter-settings (bearer: staff or a counter screen): the stamp mode and max per transaction. */
    getCounterStampSettings: build.query<CounterStampSettings, string>({
      query: (vendorId) => `/rewards/${encodeURIComponent(vendorId)}/counter-settings`,
      providesTags: (_result, _error, vendorId) => [{ type: 'RewardSettings', id: vendorId }],
    }),
    /** PUT /api/rewards/{vendorId}/settings (bearer). */
    saveRewardSettings: build.mutation<RewardSettings, { vendorId: string; settings: RewardSettings }>({
      // Exactly the four settings: the server refuses anything else (the read answer also says who saved them).
      query: ({ vendorId, settings: { stampMode, maxPerTransaction, autoRedeem, expiryDays } }) => ({
        url: `/rewards/${encodeURIComponent(vendorId)}/settings`,
        method: 'PUT',
        body: { stampMode, maxPerTransaction, autoRedeem, expiryDays },
      }),
      invalidatesTags: (_result, error, { vendorId }) => (error ? [] : [{ type: 'RewardSettings', id: vendorId }]),
    }),
  }),
});

export const { useGetRewardSettingsQuery, useGetCounterStampSettingsQuery, useSaveRewardSettingsMutation } = rewardSettingsApi;
