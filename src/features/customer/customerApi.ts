// Customer endpoints (/api/customer) on the one api slice. Each sends the device credential in its own
// header from `query`; the vendor's bearer path is not involved.
import { api } from '../../api/apiSlice';
import type { CardResponse, ClaimResponse, ConfirmEmailResponse, CustomerProfile, RecoverCompleteResponse, RecoverResponse, RedemptionDto, ScanResponse, UpdateCustomerRequest, UpdateCustomerResponse, WalletResponse } from '../../api/contract/customer';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../api/contract/protocol';
import { clearCustomerCredential, readCustomerCredential, saveCustomerCredential } from './customerCredential';

/** The credential header, read at request time (a first scan or a recovery may just have stored one). */
function credentialHeaders(): Record<string, string> {
  const credential = readCustomerCredential();
  return credential ? { [CUSTOMER_CREDENTIAL_HEADER]: credential } : {};
}

const CARD_LIST = { type: 'Card' as const, id: 'LIST' };

export const customerApi = api.enhanceEndpoints({ addTagTypes: ['CustomerProfile'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/customer/scan: collect a stamp; a first scan answers the new credential, stored here. */
    scan: build.mutation<ScanResponse, string>({
      query: (token) => ({ url: '/customer/scan', method: 'POST', body: { token }, headers: credentialHeaders() }),
      async onQueryStarted(_token, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.credential) saveCustomerCredential(data.credential);
        } catch {
          // A refused scan changes no credential; the page shows the refusal.
        }
      },
      invalidatesTags: (result) => (result ? [CARD_LIST, { type: 'Card', id: result.card.id }] : []),
    }),
    /** GET /api/customer/cards: the wallet. */
    getWallet: build.query<WalletResponse, void>({
      query: () => ({ url: '/customer/cards', headers: credentialHeaders() }),
      providesTags: (result) => [CARD_LIST, ...(result?.cards ?? []).map((card) => ({ type: 'Card' as const, id: card.id }))],
    }),
    /** GET /api/customer/cards/{cardId}: one card and its latest claims. */
    getCustomerCard: build.query<CardResponse, string>({
      query: (cardId) => ({ url: `/customer/cards/${encodeURIComponent(cardId)}`, headers: credentialHeaders() }),
      providesTags: (_result, _error, cardId) => [{ type: 'Card', id: cardId }],
    }),
    /** POST /api/customer/cards/{cardId}/claim: redeem a full card. */
    claimCard: build.mutation<ClaimResponse, string>({
      query: (cardId) => ({ url: `/customer/cards/${encodeURIComponent(cardId)}/claim`, method: 'POST', headers: credentialHeaders() }),
      invalidatesTags: (_result, _error, cardId) => [CARD_LIST, { type: 'Card', id: cardId }],
    }),
    /**
     * GET /api/customer/claims/{id} (issue 19): the claim as it is now. The reward screen polls it every
     * CLAIM_POLL_MS while pending — lighter than a stream for one row that changes once.
     */
    getClaim: build.query<RedemptionDto, string>({
      query: (claimId) => ({ url: `/customer/claims/${encodeURIComponent(claimId)}`, headers: credentialHeaders() }),
    }),
    /** DELETE /api/customer/me (issue 19): erase the wallet; this device's credential is dropped too. */
    deleteWallet: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/customer/me', method: 'DELETE', headers: credentialHeaders() }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          clearCustomerCredential();
          // Blank what this tab still holds (no refetch: without a credential it would only get 401s).
          dispatch(customerApi.util.upsertQueryData('getWallet', undefined, { cards: [] }));
          dispatch(customerApi.util.upsertQueryData('getCustomerProfile', undefined, { displayName: null, email: null }));
        } catch {
          // The wallet is still there; the page says the deletion failed.
        }
      },
    }),
    /** GET /api/customer/me: display name and e-mail. */
    getCustomerProfile: build.query<CustomerProfile, void>({
      query: () => ({ url: '/customer/me', headers: credentialHeaders() }),
      providesTags: ['CustomerProfile'],
    }),
    /** PATCH /api/customer/me */
    /** PATCH /api/customer/me: a new e-mail is only mailed a confirmation link (`emailConfirmationSentTo`). */
    updateCustomerProfile: build.mutation<UpdateCustomerResponse, UpdateCustomerRequest>({
      query: (body) => ({ url: '/customer/me', method: 'PATCH', body, headers: credentialHeaders() }),
      invalidatesTags: ['CustomerProfile'],
    }),
    /** POST /api/customer/email/{token}: the mailed confirmation link attaches the e-mail (on any device). */
    confirmCustomerEmail: build.mutation<ConfirmEmailResponse, string>({
      query: (token) => ({ url: `/customer/email/${encodeURIComponent(token)}`, method: 'POST' }),
      invalidatesTags: (result) => (result ? ['CustomerProfile'] : []),
    }),
    /** POST /api/customer/recover: mail a sign-in link (always 202). */
    requestRecovery: build.mutation<RecoverResponse, string>({
      query: (email) => ({ url: '/customer/recover', method: 'POST', body: { email } }),
    }),
    /** POST /api/customer/recover/{token}: this device joins the wallet; the new credential is stored here. */
    completeRecovery: build.mutation<RecoverCompleteResponse, string>({
      // The phone's own credential (if it has one) lets the server bring its anonymous cards along.
      query: (token) => ({ url: `/customer/recover/${encodeURIComponent(token)}`, method: 'POST', headers: credentialHeaders() }),
      async onQueryStarted(_token, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          saveCustomerCredential(data.credential);
        } catch {
          // The page shows why the link did not work.
        }
      },
      invalidatesTags: (result) => (result ? [CARD_LIST, 'CustomerProfile'] : []),
    }),
  }),
});

export const {
  useScanMutation,
  useGetWalletQuery,
  useGetCustomerCardQuery,
  useClaimCardMutation,
  useGetClaimQuery,
  useDeleteWalletMutation,
  useGetCustomerProfileQuery,
  useUpdateCustomerProfileMutation,
  useRequestRecoveryMutation,
  useConfirmCustomerEmailMutation,
  useCompleteRecoveryMutation,
} = customerApi;
