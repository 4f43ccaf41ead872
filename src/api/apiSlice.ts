// The ONE RTK Query api slice; features add endpoints with injectEndpoints. The bearer header is attached here only.
import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SessionEndReason } from './contract/common';
import { currentLocale } from '../i18n/texts';

interface StateWithToken {
  session: { token: string | null };
}

/** Why the app signed the owner out: the server's reason, or 'unknown' when a 401 gave none. */
export type SessionEndCause = SessionEndReason | 'unknown';

/**
 * The server refused the session token a request carried (401). The session slice ends the session (if that
 * token is still the current one) and the sign-in screen says why.
 */
export const sessionRefused = createAction<{ token: string; cause: SessionEndCause }>('session/refused');

const SESSION_END_REASONS: readonly string[] = ['expired', 'signed-out', 'password-changed', 'account-closed'] satisfies SessionEndReason[];

function causeOf(body: unknown): SessionEndCause {
  const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && SESSION_END_REASONS.includes(reason) ? (reason as SessionEndReason) : 'unknown';
}

/** Sign-in answers 401 for a wrong password: that says nothing about the session this browser holds. */
const ENDPOINTS_WHOSE_401_IS_NOT_ABOUT_THE_SESSION = new Set(['login']);

const fetchWithBearer = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as StateWithToken).session.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // The server words its few sentences (refusals, mails it sends now) in the page's language.
    headers.set('Accept-Language', currentLocale());
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const sentToken = (queryApi.getState() as StateWithToken).session.token;
  const result = await fetchWithBearer(args, queryApi, extraOptions);
  if (sentToken && result.error?.status === 401 && !ENDPOINTS_WHOSE_401_IS_NOT_ABOUT_THE_SESSION.has(queryApi.endpoint)) {
    queryApi.dispatch(sessionRefused({ token: sentToken, cause: causeOf(result.error.data) }));
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Vendor', 'Items', 'Reward', 'Qr', 'Activity', 'Dashboard', 'Card', 'FirstDay', 'RelayAlerts', 'RewardSettings'],
  endpoints: () => ({}),
});
