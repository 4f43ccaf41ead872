// The vendor session: the token kept in local storage under `token` and what it decodes to.
import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { TOKEN_STORAGE_KEY } from '../../constants';
import { decodeToken, isTokenValid } from '../../lib/token';
import { sessionRefused, type SessionEndCause } from '../../api/apiSlice';
import { authApi, isUsableLoginAnswer } from './authApi';
import { endSessionOnServer } from './sessionRevocation';

export interface SessionState {
  token: string | null;
  /** Why the app ended the session itself (the server refused the token, or it expired); shown on the sign-in screen. */
  endedBecause?: SessionEndCause | null;
}

export function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const initialState = (): SessionState => ({ token: readStoredToken() });

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    tokenSaved(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.endedBecause = null;
    },
    loggedOut(state) {
      // Signing out of a session that already ended (a failed page load after a refused token) keeps the reason.
      if (state.token !== null) state.endedBecause = null;
      state.token = null;
    },
    /** The token in hand has passed its exp. */
    sessionExpired(state) {
      if (state.token === null) return;
      state.token = null;
      state.endedBecause = 'expired';
    },
  },
  // The token arrives with the answers of sign-in and of completing registration; components never set it.
  extraReducers: (builder) => {
    // An OK answer without a token (e.g. `{ error }`) must not wipe or corrupt the session.
    // A refusal of an older token (one replaced by signing in again meanwhile) ends nothing.
    builder.addCase(sessionRefused, (state, action) => {
      if (state.token !== action.payload.token) return;
      state.token = null;
      state.endedBecause = action.payload.cause;
    });
    builder.addMatcher(authApi.endpoints.login.matchFulfilled, (state, action) => {
      if (isUsableLoginAnswer(action.payload)) state.token = action.payload.token;
    });
    builder.addMatcher(authApi.endpoints.completeRegistration.matchFulfilled, (state, action) => {
      if (typeof action.payload?.token === 'string' && action.payload.token) state.token = action.payload.token;
    });
    builder.addMatcher(authApi.endpoints.resetPassword.matchFulfilled, (state, action) => {
      if (typeof action.payload?.token === 'string' && action.payload.token) state.token = action.payload.token;
    });
  },
});

export const { tokenSaved, loggedOut, sessionExpired } = sessionSlice.actions;

type WithSession = { session: SessionState };
export const selectToken = (state: WithSession) => state.session.token;
/** Why the session ended without the owner signing out, or null. */
export const selectSessionEndedBecause = (state: WithSession): SessionEndCause | null => state.session.endedBecause ?? null;
export const selectVendorId = (state: WithSession) => decodeToken(state.session.token)?.sub ?? null;
/** The signed-in person's role (the server checks it on every request; the app only hides what it refuses). */
export const selectRole = (state: WithSession) => decodeToken(state.session.token)?.role ?? null;
/** Logged in: a token exists, decodes, and exp × 1000 is later than now. */
export const selectIsLoggedIn = (state: WithSession, nowMs: number = Date.now()) => isTokenValid(state.session.token, nowMs);

/**
 * Logout: the browser forgets the token at once, and the server is told to end the session, so a copy of the
 * token (a stolen one, or another tab's) stops working too. If the server cannot be reached now, the logout is
 * sent again at the next start (sessionRevocation.ts); the owner is signed out here either way.
 */
export function logout(): ThunkAction<void, WithSession, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const token = selectToken(getState());
    if (token) void endSessionOnServer(token);
    dispatch(loggedOut());
  };
}
