// Sign-in side effects: the submit thunk, the 3-second lockout countdown and the full redirect on success.
// Timers live here rather than in LoginPage so tests drive them with fake timers.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ROUTES } from '../../constants';
import { focusHeadingOnNextPage } from '../../lib/headingFocus';
import type { AppStartListening } from '../../app/listener';
import type { RootState } from '../../app/store';
import { authApi, isUsableLoginAnswer } from '../session/authApi';
import { readKnownDeviceToken } from '../session/knownDevice';
import { lockoutEnded, lockoutStarted, lockoutClockTicked, selectLoginStatus, type LoginFailure } from './loginFormSlice';

export interface LoginCredentials {
  username: string;
  password: string;
}

/**
 * Sends the form (the Username field travels as `email`). Ignored unless the form is idle,
 * so a double click, Enter during the countdown or a second tab of the same store sends nothing.
 */
export function submitLogin({ username, password }: LoginCredentials): ThunkAction<void, RootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    if (selectLoginStatus(getState()) !== 'idle') return;
    // track: false keeps the password out of the store's mutation cache (DevTools also redact it: app/devtools.ts).
    const deviceToken = readKnownDeviceToken();
    void dispatch(authApi.endpoints.login.initiate({ email: username, password, ...(deviceToken ? { deviceToken } : {}) }, { track: false }));
  };
}

/**
 * A refused sign-in says 'Invalid username or password.'; no answer says 'Something went wrong'.
 * A 5xx is the server failing, not the vendor's password being wrong, so it gets the second text too.
 * A 429 (account or address throttled) is not a wrong password — even the right one is refused
 * then — so it says to wait instead of making the vendor doubt a password that is right.
 */
export function classifyLoginFailure(error: unknown): LoginFailure {
  if (typeof error !== 'object' || error === null || !('status' in error)) return 'unexpected';
  const failure = error as FetchBaseQueryError;
  const httpStatus = typeof failure.status === 'number' ? failure.status : 'originalStatus' in failure ? failure.originalStatus : null;
  if (httpStatus === 429) return 'tooManyAttempts';
  return httpStatus !== null && httpStatus >= 400 && httpStatus < 500 ? 'invalidCredentials' : 'unexpected';
}

/** The browser-level navigation after sign-in (a full redirect, so the app starts fresh), focus on its heading. */
export function redirectToDashboard(vendorId: string): void {
  focusHeadingOnNextPage();
  window.location.assign(ROUTES.dashboard(vendorId));
}

export function registerLoginListeners(startListening: AppStartListening): void {
  startListening({
    matcher: authApi.endpoints.login.matchRejected,
    effect: (action, listenerApi) => {
      listenerApi.dispatch(lockoutStarted(classifyLoginFailure(action.payload ?? action.error)));
    },
  });

  startListening({
    actionCreator: lockoutStarted,
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { until } = action.payload;
      // Wake on each whole second before the deadline so the button reads 3s, 2s, 1s.
      for (let left = until - Date.now(); left > 0; left = until - Date.now()) {
        await listenerApi.delay(left % 1000 || 1000);
        if (Date.now() < until) listenerApi.dispatch(lockoutClockTicked());
      }
      listenerApi.dispatch(lockoutEnded());
    },
  });

  // Registered after session persistence (see makeStore), so the token is in storage before the page unloads.
  startListening({
    matcher: authApi.endpoints.login.matchFulfilled,
    effect: (action, listenerApi) => {
      if (isUsableLoginAnswer(action.payload)) redirectToDashboard(action.payload.vendor._id);
      else listenerApi.dispatch(lockoutStarted('unexpected'));
    },
  });
}
