// The ONE RTK Query api slice; features add endpoints with injectEndpoints. The bearer header is attached here only.
import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SessionEndReason } from './contract/common';
import { currentLocale } from '../i18n/texts';

interface StateWithToken {
  session: { token: string | null };
  /** A paired counter screen in counter mode sends its device token instead (features/qr/device/counterDeviceSlice.ts). */
  counterDevice?: { status: string; onScreen?: boolean; device?: { deviceToken: string } };
}

/** The bearer token of this request: the counter screen's while counter mode is on screen, else the session's. */
function bearerOf(state: StateWithToken): string | null {
  const device = state.counterDevice;
  if (device?.status === 'paired' && device.onScreen && device.device) return device.device.deviceToken;
  return state.session.token;
}

/** The server refused a counter screen's device token (401): the store removed the screen. */
export const deviceRefused = createAction<{ token: string }>('counterDevice/refused');

const DEVICE_TOKEN_PREFIX = 'swc.';

/** Why the app signed the owner out: the server's reason, or 'unknown' when a 401 gave none. */
export type SessionEndCause = SessionEndReason | 'unknown';

/**
 * The server refused the session token a request carried (401). The session slice ends the session (if that
 * token is still the current one) and the sign-in screen says why.
 */
export const sessionRefused = createAction<{ token: string; cause: SessionEndCause }>('session/refused');

const SESSION_END_REASONS: readonly string[] = ['expired', 'signed-out', 'password-changed', 'account-closed'] satisfies SessionEndReason[];

/** The cause a refusal's body (or a live feed's `session-ended` event) gives, 'unknown' when none is recognised. */
export function sessionEndCauseOf(body: unknown): SessionEndCause {
  const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && SESSION_END_REASONS.includes(reason) ? (reason as SessionEndReason) : 'unknown';
}

/** Sign-in answers 401 for a wrong password: that says nothing about the session this browser holds. */
const ENDPOINTS_WHOSE_401_IS_NOT_ABOUT_THE_SESSION = new Set(['login']);

const fetchWithBearer = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = bearerOf(getState() as StateWithToken);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // The server words its few sentences (refusals, mails it sends now) in the page's language.
    headers.set('Accept-Language', currentLocale());
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const sentToken = bearerOf(queryApi.getState() as StateWithToken);
  const result = await fetchWithBearer(args, queryApi, extraOptions);
  if (sentToken?.startsWith(DEVICE_TOKEN_PREFIX)) {
    if (result.error?.status === 401) queryApi.dispatch(deviceRefused({ token: sentToken }));
    return result;
  }
  if (sentToken && result.error?.status === 401 && !ENDPOINTS_WHOSE_401_IS_NOT_ABOUT_THE_SESSION.has(queryApi.endpoint)) {
    queryApi.dispatch(sessionRefused({ token: sentToken, cause: sessionEndCauseOf(result.error.data) }));
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Vendor', 'Items', 'Reward', 'Qr', 'Activity', 'Dashboard', 'Card', 'FirstDay', 'RelayAlerts', 'RewardSettings', 'Campaigns', 'Team', 'CounterDevices'],
  endpoints: () => ({}),
});
