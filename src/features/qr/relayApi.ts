// Relay alerts and the void action (/api/qrcode/{vendorId}/alerts), added to the one api slice.
import { api } from '../../api/apiSlice';
import type { RelayAlertsResponse, StampBudgetSettings, VoidCodeResponse } from '../../api/contract/relay';

export const relayApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/qrcode/{vendorId}/alerts (bearer): flagged codes of the last week with their stamps. */
    getRelayAlerts: build.query<RelayAlertsResponse, string>({
      query: (vendorId) => `/qrcode/${encodeURIComponent(vendorId)}/alerts`,
      providesTags: (_result, _error, vendorId) => [{ type: 'RelayAlerts', id: vendorId }],
    }),
    /** POST /api/qrcode/{vendorId}/alerts/void (bearer): voids a flagged code's stamps (audited). */
    voidRelayCode: build.mutation<VoidCodeResponse, { vendorId: string; code: string }>({
      query: ({ vendorId, code }) => ({ url: `/qrcode/${encodeURIComponent(vendorId)}/alerts/void`, method: 'POST', body: { code } }),
      invalidatesTags: (_result, _error, { vendorId }) => [
        { type: 'RelayAlerts', id: vendorId },
        { type: 'Activity', id: vendorId },
        { type: 'Dashboard', id: vendorId },
      ],
    }),
    /** GET /api/qrcode/{vendorId}/stamp-budget (bearer): the store's floors and the budgets in force. */
    getStampBudget: build.query<StampBudgetSettings, string>({
      query: (vendorId) => `/qrcode/${encodeURIComponent(vendorId)}/stamp-budget`,
      providesTags: (_result, _error, vendorId) => [{ type: 'RelayAlerts', id: `budget:${vendorId}` }],
    }),
    /** PUT /api/qrcode/{vendorId}/stamp-budget (bearer): the store's own floors (null: the default). */
    setStampBudget: build.mutation<StampBudgetSettings, { vendorId: string; codeBudgetFloor: number | null; flyerBudgetFloor: number | null }>({
      query: ({ vendorId, ...body }) => ({ url: `/qrcode/${encodeURIComponent(vendorId)}/stamp-budget`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { vendorId }) => [{ type: 'RelayAlerts', id: `budget:${vendorId}` }],
    }),
  }),
});

export const { useGetRelayAlertsQuery, useVoidRelayCodeMutation, useGetStampBudgetQuery, useSetStampBudgetMutation } = relayApi;
