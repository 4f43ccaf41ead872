// Campaign endpoints (/api/campaigns), added to the one api slice.
import { api } from '../../api/apiSlice';
import type { CampaignAudience, CampaignInput, CampaignList, CampaignOffers, CampaignResults, CampaignRow, CreatedCampaign } from '../../api/contract/campaigns';

export type CampaignAction = 'pause' | 'resume' | 'end';

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/campaigns/{vendorId} (bearer): the store's campaigns, newest first. */
    listCampaigns: build.query<CampaignList, string>({
      query: (vendorId) => `/campaigns/${encodeURIComponent(vendorId)}`,
      providesTags: (_result, _error, vendorId) => [{ type: 'Campaigns', id: vendorId }],
    }),
    /** GET /api/campaigns/{vendorId}/audience (bearer): how many customers each customer frequency selects. */
    campaignAudience: build.query<CampaignAudience, string>({
      query: (vendorId) => `/campaigns/${encodeURIComponent(vendorId)}/audience`,
    }),
    /** GET /api/campaigns/{vendorId}/{id}/results (bearer): return visits per day and the result. */
    campaignResults: build.query<CampaignResults, { vendorId: string; campaignId: string }>({
      query: ({ vendorId, campaignId }) => `/campaigns/${encodeURIComponent(vendorId)}/${encodeURIComponent(campaignId)}/results`,
      keepUnusedDataFor: 0,
    }),
    /** GET /api/campaigns/{vendorId}/offers (bearer, counter screens too): the offers running now. */
    campaignOffers: build.query<CampaignOffers, string>({
      query: (vendorId) => `/campaigns/${encodeURIComponent(vendorId)}/offers`,
    }),
    /** POST /api/campaigns/{vendorId} (bearer) with the campaign the form submits. */
    launchCampaign: build.mutation<CreatedCampaign, { vendorId: string; campaign: CampaignInput }>({
      query: ({ vendorId, campaign }) => ({ url: `/campaigns/${encodeURIComponent(vendorId)}`, method: 'POST', body: campaign }),
      invalidatesTags: (_result, error, { vendorId }) => (error ? [] : [{ type: 'Campaigns', id: vendorId }]),
    }),
    /** POST /api/campaigns/{vendorId}/{id}/{pause|resume|end} (bearer). */
    changeCampaign: build.mutation<CampaignRow, { vendorId: string; campaignId: string; action: CampaignAction }>({
      query: ({ vendorId, campaignId, action }) => ({ url: `/campaigns/${encodeURIComponent(vendorId)}/${encodeURIComponent(campaignId)}/${action}`, method: 'POST' }),
      invalidatesTags: (_result, _error, { vendorId }) => [{ type: 'Campaigns', id: vendorId }],
    }),
  }),
});

export const { useListCampaignsQuery, useCampaignAudienceQuery, useCampaignResultsQuery, useCampaignOffersQuery, useLaunchCampaignMutation, useChangeCampaignMutation } = campaignsApi;
