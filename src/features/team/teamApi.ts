// The team, invitations and the signed-in person's own account, on the one api slice.
import { api } from '../../api/apiSlice';
import type { ChangePasswordRequest } from '../../api/contract/auth';
import type {
  AcceptInvitationResponse,
  AssignableRole,
  InvitationInfo,
  InvitationResponse,
  Role,
  TeamResponse,
} from '../../api/contract/team';

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/team/{vendorId} — the owner's team and open invitations. */
    getTeam: build.query<TeamResponse, string>({ query: (vendorId) => `/team/${encodeURIComponent(vendorId)}`, providesTags: ['Team'] }),
    /** POST /api/team/{vendorId}/invitations — mails a one-time link valid 7 days. */
    invite: build.mutation<InvitationResponse, { vendorId: string; email: string; role: AssignableRole }>({
      query: ({ vendorId, ...body }) => ({ url: `/team/${encodeURIComponent(vendorId)}/invitations`, method: 'POST', body }),
      invalidatesTags: ['Team'],
    }),
    /** DELETE /api/team/{vendorId}/invitations/{email} — the invitation's link stops working. */
    cancelInvitation: build.mutation<null, { vendorId: string; email: string }>({
      query: ({ vendorId, email }) => ({ url: `/team/${encodeURIComponent(vendorId)}/invitations/${encodeURIComponent(email)}`, method: 'DELETE' }),
      invalidatesTags: ['Team'],
    }),
    /** PUT /api/team/{vendorId}/people/{personId}/role — the person's open sessions end. */
    changeRole: build.mutation<null, { vendorId: string; personId: string; role: Role }>({
      query: ({ vendorId, personId, role }) => ({ url: `/team/${encodeURIComponent(vendorId)}/people/${encodeURIComponent(personId)}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: ['Team'],
    }),
    /** DELETE /api/team/{vendorId}/people/{personId} */
    removePerson: build.mutation<null, { vendorId: string; personId: string }>({
      query: ({ vendorId, personId }) => ({ url: `/team/${encodeURIComponent(vendorId)}/people/${encodeURIComponent(personId)}`, method: 'DELETE' }),
      invalidatesTags: ['Team'],
    }),
    /** GET /api/auth/invitation/{token} — 404 unknown or used, 410 expired. */
    getInvitation: build.query<InvitationInfo, string>({ query: (token) => `/auth/invitation/${encodeURIComponent(token)}`, keepUnusedDataFor: 0 }),
    /** POST /api/auth/accept-invitation/{token} — name and password; answers a session. */
    acceptInvitation: build.mutation<AcceptInvitationResponse, { token: string; name: string; password: string }>({
      query: ({ token, ...body }) => ({ url: `/auth/accept-invitation/${encodeURIComponent(token)}`, method: 'POST', body }),
    }),
    /** POST /api/auth/change-password — ends every other session; answers a new token for this one. */
    changePassword: build.mutation<{ token: string; vendorId: string }, ChangePasswordRequest>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
    /** POST /api/auth/sign-out-everywhere — every session of this person ends, this one too. */
    signOutEverywhere: build.mutation<null, void>({ query: () => ({ url: '/auth/sign-out-everywhere', method: 'POST' }) }),
  }),
});

export const {
  useGetTeamQuery,
  useInviteMutation,
  useCancelInvitationMutation,
  useChangeRoleMutation,
  useRemovePersonMutation,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
  useChangePasswordMutation,
  useSignOutEverywhereMutation,
} = teamApi;
