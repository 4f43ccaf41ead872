// The login form as a state machine: idle → submitting → succeeded | lockedOut → idle.
// The lockout deadline is stored as epoch ms; the seconds shown on the button are derived from it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LOGIN_LOCKOUT_MS } from '../../constants';
import { authApi, isUsableLoginAnswer } from '../session/authApi';

/** Why the last attempt failed, which decides the alert text. */
export type LoginFailure = 'invalidCredentials' | 'tooManyAttempts' | 'unexpected';

export type LoginFormState =
  | { status: 'idle'; lastFailure: LoginFailure | null }
  | { status: 'submitting'; lastFailure: null }
  /** Signed in; the page is being replaced by the dashboard, so the form stays shut. */
  | { status: 'succeeded'; lastFailure: null }
  | { status: 'lockedOut'; lastFailure: LoginFailure; until: number; now: number };

const initialState = { status: 'idle', lastFailure: null } as LoginFormState;

export const loginFormSlice = createSlice({
  name: 'loginForm',
  initialState,
  reducers: {
    lockoutStarted: {
      reducer(state, action: PayloadAction<{ failure: LoginFailure; now: number; until: number }>) {
        if (state.status !== 'submitting') return state;
        return { status: 'lockedOut', lastFailure: action.payload.failure, now: action.payload.now, until: action.payload.until };
      },
      // The clock is read here, not in the reducer, so reducers stay pure and replayable.
      prepare(failure: LoginFailure, now: number = Date.now()) {
        return { payload: { failure, now, until: now + LOGIN_LOCKOUT_MS } };
      },
    },
    lockoutClockTicked: {
      reducer(state, action: PayloadAction<{ now: number }>) {
        if (state.status === 'lockedOut') state.now = action.payload.now;
      },
      prepare(now: number = Date.now()) {
        return { payload: { now } };
      },
    },
    lockoutEnded(state) {
      // The alert stays up after the countdown so the vendor still sees why the attempt failed.
      if (state.status === 'lockedOut') return { status: 'idle', lastFailure: state.lastFailure };
      return state;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(authApi.endpoints.login.matchPending, (state) =>
      state.status === 'idle' ? { status: 'submitting', lastFailure: null } : state,
    );
    // An unusable OK answer leaves the form submitting; the login listener turns it into a lockout.
    builder.addMatcher(authApi.endpoints.login.matchFulfilled, (state, action) =>
      state.status === 'submitting' && isUsableLoginAnswer(action.payload) ? { status: 'succeeded', lastFailure: null } : state,
    );
  },
  selectors: {
    selectLoginStatus: (state) => state.status,
    selectLoginFailure: (state) => state.lastFailure,
    /** Whole seconds left on the lockout (3, 2, 1), or 0 when not locked out. */
    selectLockoutSecondsLeft: (state) =>
      state.status === 'lockedOut' ? Math.max(0, Math.ceil((state.until - state.now) / 1000)) : 0,
  },
});

export const { lockoutStarted, lockoutClockTicked, lockoutEnded } = loginFormSlice.actions;
export const { selectLoginStatus, selectLoginFailure, selectLockoutSecondsLeft } = loginFormSlice.selectors;
