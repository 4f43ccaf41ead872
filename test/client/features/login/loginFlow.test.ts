// The sign-in thunk and listeners: which actions they dispatch (redux-mock-store) and how failures are classified.
import configureMockStore from 'redux-mock-store';
import { thunk } from 'redux-thunk';
import { createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../../src/api/apiSlice';
import type { AppStartListening } from '../../../../src/app/listener';
import { makeStore, type RootState } from '../../../../src/app/store';
import type { LoginFormState } from '../../../../src/features/login/loginFormSlice';
import { classifyLoginFailure, registerLoginListeners, submitLogin } from '../../../../src/features/login/loginFlow';
import { stubLocationAssign } from '../../support/browser';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { FAR_FUTURE_EXP, fakeToken } from '../../support/tokens';

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
});
afterEach(() => {
  fakeApi.restore();
  jest.useRealTimers();
});

/**
 * A mock store that records every action, with the login listeners attached. Its state is fixed
 * (the lockout state given), so what is recorded is exactly what the thunk and listeners dispatched.
 */
function recordingStore(loginForm: LoginFormState = { status: 'idle', lastFailure: null }) {
  const state: RootState = { ...makeStore().getState(), loginForm };
  const listener = createListenerMiddleware();
  registerLoginListeners(listener.startListening as AppStartListening);
  // redux-mock-store's typings use redux 4's Middleware; the runtime contract is the same.
  const middlewares = [listener.middleware, thunk, api.middleware] as unknown as Parameters<typeof configureMockStore>[0];
  const store = configureMockStore<RootState>(middlewares)(state);
  // RTK Query's own bookkeeping (api/config/…) is not part of the sign-in story.
  const actions = (): UnknownAction[] => store.getActions().filter((action: UnknownAction) => !action.type.startsWith('api/config/'));
  const types = () => actions().map((action) => action.type);
  return { actions, types, dispatch: (thunkAction: unknown) => store.dispatch(thunkAction as UnknownAction) };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

describe('submitLogin', () => {
  test('when idle: sends POST /api/auth/login with the Username as email', async () => {
    jest.useFakeTimers();
    fakeApi.on('POST /api/auth/login', { status: 401, body: { error: 'Invalid credentials' } });
    const { dispatch, actions } = recordingStore();
    dispatch(submitLogin({ username: 'owner@corner.cafe', password: 'hunter22' }));
    await flush();
    expect(fakeApi.requests).toHaveLength(1);
    expect(JSON.parse(fakeApi.requests[0].body as string)).toEqual({ email: 'owner@corner.cafe', password: 'hunter22' });
    expect(actions()[0]).toMatchObject({
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'login', track: false } },
    });
  });

  test.each<[string, LoginFormState]>([
    ['submitting', { status: 'submitting', lastFailure: null }],
    ['counting down', { status: 'lockedOut', lastFailure: 'invalidCredentials', now: 0, until: 3000 }],
    ['already signed in and redirecting', { status: 'succeeded', lastFailure: null }],
  ])('is ignored while %s: nothing dispatched, nothing sent', async (_case, loginForm) => {
    jest.useFakeTimers();
    const { dispatch, actions } = recordingStore(loginForm);
    dispatch(submitLogin({ username: 'a', password: 'b' }));
    await flush();
    expect(actions()).toEqual([]);
    expect(fakeApi.fetch).not.toHaveBeenCalled();
  });
});

describe('login listeners', () => {
  test('a refused sign-in tells the story started → tick → tick → ended, one second apart', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    fakeApi.on('POST /api/auth/login', { status: 401, body: { error: 'Invalid credentials' } });
    const { dispatch, types, actions } = recordingStore();
    dispatch(submitLogin({ username: 'a', password: 'b' }));
    await flush();
    expect(types()).toEqual(['api/executeMutation/pending', 'api/executeMutation/rejected', 'loginForm/lockoutStarted']);
    expect(actions()[2].payload).toEqual({ failure: 'invalidCredentials', now: 1_700_000_000_000, until: 1_700_000_003_000 });

    await jest.advanceTimersByTimeAsync(999);
    expect(types()).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(types().slice(3)).toEqual(['loginForm/lockoutClockTicked']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(types().slice(3)).toEqual(['loginForm/lockoutClockTicked', 'loginForm/lockoutClockTicked']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(types().slice(3)).toEqual(['loginForm/lockoutClockTicked', 'loginForm/lockoutClockTicked', 'loginForm/lockoutEnded']);
    await jest.advanceTimersByTimeAsync(5000);
    expect(types()).toHaveLength(6);
  });

  test('a network failure starts the lockout with the "unexpected" reason', async () => {
    jest.useFakeTimers();
    fakeApi.on('POST /api/auth/login', 'network-failure');
    const { dispatch, actions } = recordingStore();
    dispatch(submitLogin({ username: 'a', password: 'b' }));
    await flush();
    expect(actions().find((action) => action.type === 'loginForm/lockoutStarted')?.payload).toMatchObject({ failure: 'unexpected' });
  });

  test('a successful sign-in redirects the whole page to /dashboard/{vendorId}', async () => {
    jest.useFakeTimers();
    const { assign, restore } = stubLocationAssign();
    try {
      fakeApi.on('POST /api/auth/login', { status: 200, body: { token: fakeToken({ sub: 'v9', exp: FAR_FUTURE_EXP }), vendor: { _id: 'v9' } } });
      const { dispatch, types } = recordingStore();
      dispatch(submitLogin({ username: 'a', password: 'b' }));
      await flush();
      expect(assign).toHaveBeenCalledWith('/dashboard/v9');
      expect(types()).not.toContain('loginForm/lockoutStarted');
    } finally {
      restore();
    }
  });
});

test('an OK answer without a token is a failure: lockout "unexpected", no redirect', async () => {
  jest.useFakeTimers();
  const { assign, restore } = stubLocationAssign();
  try {
    fakeApi.on('POST /api/auth/login', { status: 200, body: { error: 'nope' } });
    const { dispatch, actions } = recordingStore();
    dispatch(submitLogin({ username: 'a', password: 'b' }));
    await flush();
    expect(actions().find((action) => action.type === 'loginForm/lockoutStarted')?.payload).toMatchObject({ failure: 'unexpected' });
    expect(assign).not.toHaveBeenCalled();
  } finally {
    restore();
  }
});

describe('classifyLoginFailure', () => {
  test.each([
    [{ status: 401, data: { error: 'x' } }, 'invalidCredentials'],
    [{ status: 400, data: { error: 'x' } }, 'invalidCredentials'],
    // A locked account is not a wrong password.
    [{ status: 429, data: { error: 'x' } }, 'tooManyAttempts'],
    [{ status: 'PARSING_ERROR', originalStatus: 401, data: '', error: 'x' }, 'invalidCredentials'],
    [{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'unexpected'],
    [{ status: 'TIMEOUT_ERROR', error: 'x' }, 'unexpected'],
    [{ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'x' }, 'unexpected'],
    [{ status: 500, data: { error: 'x' } }, 'unexpected'],
    [{ status: 503, data: null }, 'unexpected'],
    [{ name: 'Error', message: 'thrown' }, 'unexpected'],
    [undefined, 'unexpected'],
  ])('%j → %s', (error, expected) => {
    expect(classifyLoginFailure(error)).toBe(expected);
  });
});
