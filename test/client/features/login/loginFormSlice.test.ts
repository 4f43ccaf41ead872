// The login form's state machine against a real store: legal transitions, ignored illegal ones, derived seconds.
import { makeStore } from '../../../../src/app/store';
import {
  lockoutEnded,
  loginFormSlice,
  lockoutStarted,
  lockoutClockTicked,
  selectLockoutSecondsLeft,
  selectLoginFailure,
  selectLoginStatus,
  type LoginFormState,
} from '../../../../src/features/login/loginFormSlice';

const T0 = 1_700_000_000_000;
const reduce = (state: LoginFormState, action: Parameters<typeof loginFormSlice.reducer>[1]) => loginFormSlice.reducer(state, action);
const submitting: LoginFormState = { status: 'submitting', lastFailure: null };

describe('login form slice', () => {
  test('starts idle with no failure', () => {
    const state = makeStore().getState();
    expect(selectLoginStatus(state)).toBe('idle');
    expect(selectLoginFailure(state)).toBeNull();
    expect(selectLockoutSecondsLeft(state)).toBe(0);
  });

  test('started: submitting → lockedOut with a deadline 3 s after now, stored as epoch ms', () => {
    const action = lockoutStarted('invalidCredentials', T0);
    expect(action).toEqual({ type: 'loginForm/lockoutStarted', payload: { failure: 'invalidCredentials', now: T0, until: T0 + 3000 } });
    expect(reduce(submitting, action)).toEqual({ status: 'lockedOut', lastFailure: 'invalidCredentials', now: T0, until: T0 + 3000 });
  });

  test('tick moves the clock; the seconds left are derived (3, 2, 1)', () => {
    const store = makeStore({ loginForm: { status: 'lockedOut', lastFailure: 'unexpected', now: T0, until: T0 + 3000 } });
    expect(selectLockoutSecondsLeft(store.getState())).toBe(3);
    store.dispatch(lockoutClockTicked(T0 + 1000));
    expect(selectLockoutSecondsLeft(store.getState())).toBe(2);
    store.dispatch(lockoutClockTicked(T0 + 2000));
    expect(selectLockoutSecondsLeft(store.getState())).toBe(1);
    store.dispatch(lockoutClockTicked(T0 + 2500));
    expect(selectLockoutSecondsLeft(store.getState())).toBe(1);
    expect(lockoutClockTicked(T0).type).toBe('loginForm/lockoutClockTicked');
  });

  test('ended: lockedOut → idle, keeping the reason so the alert stays readable', () => {
    const locked: LoginFormState = { status: 'lockedOut', lastFailure: 'unexpected', now: T0, until: T0 + 3000 };
    expect(lockoutEnded()).toEqual({ type: 'loginForm/lockoutEnded', payload: undefined });
    expect(reduce(locked, lockoutEnded())).toEqual({ status: 'idle', lastFailure: 'unexpected' });
  });

  test.each<[string, LoginFormState]>([
    ['idle', { status: 'idle', lastFailure: null }],
    ['succeeded', { status: 'succeeded', lastFailure: null }],
    ['already locked out', { status: 'lockedOut', lastFailure: 'unexpected', now: T0, until: T0 + 1000 }],
  ])('started is ignored when %s', (_case, state) => {
    expect(reduce(state, lockoutStarted('invalidCredentials', T0 + 500))).toBe(state);
  });

  test('tick and ended are ignored unless locked out', () => {
    expect(reduce(submitting, lockoutClockTicked(T0))).toEqual(submitting);
    expect(reduce(submitting, lockoutEnded())).toBe(submitting);
  });
});
