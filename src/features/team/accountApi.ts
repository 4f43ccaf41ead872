// Account Settings' own calls (/api/account): name, e-mail change, open sessions, deleting the store.
import { api } from '../../api/apiSlice';
import type { ChangeNameResponse, EmailChangeResponse, EmailConfirmedResponse, OpenSessionsResponse } from '../../api/contract/account';
import { authApi } from '../session/authApi';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /api/account/name */
    changeName: build.mutation<ChangeNameResponse, string>({
      query: (name) => ({ url: '/account/name', method: 'PUT', body: { name } }),
      async onQueryStarted(_name, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(authApi.util.updateQueryData('getMe', undefined, (me) => {
          me.name = data.name;
        }));
      },
    }),
    /** POST /api/account/email-change — a link to the new address; the old one signs in until it is opened. */
    requestEmailChange: build.mutation<EmailChangeResponse, string>({
      query: (email) => ({ url: '/account/email-change', method: 'POST', body: { email } }),
    }),
    /** POST /api/account/confirm-email/{token} — the link's page (no session needed). */
    confirmEmailChange: build.mutation<EmailConfirmedResponse, string>({
      query: (token) => ({ url: `/account/confirm-email/${encodeURIComponent(token)}`, method: 'POST' }),
    }),
    /** GET /api/account/sessions */
    getOpenSessions: build.query<OpenSessionsResponse, void>({ query: () => '/account/sessions', keepUnusedDataFor: 0 }),
    /** DELETE /api/account/sessions/{id} */
    endOpenSession: build.mutation<null, string>({
      query: (sessionId) => ({ url: `/account/sessions/${encodeURIComponent(sessionId)}`, method: 'DELETE' }),
    }),
    /** POST /api/account/{vendorId}/delete-store — the store's name and the owner's password. */
    deleteStore: build.mutation<null, { vendorId: string; storeName: string; password: string }>({
      query: ({ vendorId, ...body }) => ({ url: `/account/${encodeURIComponent(vendorId)}/delete-store`, method: 'POST', body }),
    }),
  }),
});

export const { useChangeNameMutation, useRequestEmailChangeMutation, useConfirmEmailChangeMutation, useGetOpenSessionsQuery, useEndOpenSessionMutation, useDeleteStoreMutation } = accountApi;
