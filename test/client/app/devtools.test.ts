// What the Redux DevTools extension receives: a fake extension is installed where Redux Toolkit
// looks for the real one, then the real sign-in, completion, reset and logout run through a real store.
// Nothing secret may reach the extension, and the QR countdown's ticks are not sent at all.
import { compose, type Action, type DevToolsEnhancerOptions, type Reducer, type StoreEnhancerStoreCreator } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { stubLocationAssign } from '../support/browser';
import { installFakeApi, type FakeApi } from '../support/fakeHttp';
import { FAR_FUTURE_EXP, fakeToken } from '../support/tokens';
import { REDACTED, sanitizeAction, sanitizeState } from '../../../src/app/devtools';

interface Received {
  options: DevToolsEnhancerOptions;
  actions: unknown[];
  states: unknown[];
  deniedTypes: string[];
}

/** Stands in for window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__: records what the extension would be sent, after its sanitizers and denylist. */
function installFakeExtension(): Received {
  const received: Received = { options: {}, actions: [], states: [], deniedTypes: [] };
  const extensionCompose = (options: DevToolsEnhancerOptions) => {
    received.options = options;
    return (...enhancers: Array<(next: StoreEnhancerStoreCreator) => StoreEnhancerStoreCreator>) =>
      (createStore: StoreEnhancerStoreCreator) =>
        <S, A extends Action>(reducer: Reducer<S, A>, preloaded?: unknown) => {
          const watched: Reducer<S, A> = (state, action) => {
            const next = reducer(state, action);
            const denylist = options.actionsDenylist ?? [];
            const denied = (typeof denylist === 'string' ? [denylist] : denylist).some((pattern) => new RegExp(pattern).test(action.type));
            if (denied) received.deniedTypes.push(action.type);
            else {
              received.actions.push(options.actionSanitizer ? options.actionSanitizer(action, received.actions.length) : action);
              received.states.push(options.stateSanitizer ? options.stateSanitizer(next, received.states.length) : next);
            }
            return next;
          };
          // `compose` of the app's own enhancers (middleware, auto-batching), as the real extension does.
          return (compose(...enhancers) as (next: StoreEnhancerStoreCreator) => StoreEnhancerStoreCreator)(createStore)(watched, preloaded as never);
        };
  };
  (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = extensionCompose;
  return received;
}

// Redux Toolkit reads the extension when it is loaded: the app's modules are loaded after the fake is in place.
type StoreModule = typeof import('../../../src/app/store');
type AuthApiModule = typeof import('../../../src/features/session/authApi');
type LoginFlowModule = typeof import('../../../src/features/login/loginFlow');
type SessionModule = typeof import('../../../src/features/session/sessionSlice');
type QrSliceModule = typeof import('../../../src/features/qr/qrSlice');
let received: Received;
let app: { store: StoreModule; authApi: AuthApiModule; loginFlow: LoginFlowModule; session: SessionModule; qr: QrSliceModule };

beforeAll(() => {
  received = installFakeExtension();
  jest.isolateModules(() => {
    app = {
      store: jest.requireActual('../../../src/app/store'),
      authApi: jest.requireActual('../../../src/features/session/authApi'),
      loginFlow: jest.requireActual('../../../src/features/login/loginFlow'),
      session: jest.requireActual('../../../src/features/session/sessionSlice'),
      qr: jest.requireActual('../../../src/features/qr/qrSlice'),
    };
  });
});
afterAll(() => {
  delete (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
});

let fakeApi: FakeApi;
let location: ReturnType<typeof stubLocationAssign>;
beforeEach(() => {
  fakeApi = installFakeApi();
  location = stubLocationAssign();
  received.actions.length = 0;
  received.states.length = 0;
  received.deniedTypes.length = 0;
});
afterEach(() => {
  fakeApi.restore();
  location.restore();
});

test('sign-in, completion, reset and logout send the extension no password, session token, device token or link token', async () => {
  const secrets = {
    loginPassword: 'Correct horse battery',
    completionPassword: 'First passphrase of mine',
    resetPassword: 'Sourdough at sunrise',
    loginSession: fakeToken({ sub: 'v42', exp: FAR_FUTURE_EXP, jti: 'session-1' }),
    completionSession: fakeToken({ sub: 'v42', exp: FAR_FUTURE_EXP, jti: 'session-2' }),
    resetSession: fakeToken({ sub: 'v42', exp: FAR_FUTURE_EXP, jti: 'session-3' }),
    loginDevice: 'known-device-token-from-login',
    completionDevice: 'known-device-token-from-completion',
    resetDevice: 'known-device-token-from-reset',
    verifyLink: 'verification-link-token-abcdef',
    resetLink: 'reset-link-token-ghijkl',
  };
  fakeApi.on('POST /api/auth/login', { status: 200, body: { token: secrets.loginSession, vendor: { _id: 'v42' }, deviceToken: secrets.loginDevice } });
  fakeApi.on(`GET /api/auth/verify/${secrets.verifyLink}`, { status: 200, body: { ok: true, vendorId: 'v42' } });
  fakeApi.on(`POST /api/auth/complete-registration/${secrets.verifyLink}`, {
    status: 200,
    body: { token: secrets.completionSession, vendorId: 'v42', deviceToken: secrets.completionDevice },
  });
  fakeApi.on(`GET /api/auth/reset-password/${secrets.resetLink}`, { status: 200, body: { ok: true } });
  fakeApi.on(`POST /api/auth/reset-password/${secrets.resetLink}`, { status: 200, body: { token: secrets.resetSession, vendorId: 'v42', deviceToken: secrets.resetDevice } });
  fakeApi.on('POST /api/auth/logout', { status: 204 });

  const store = app.store.makeStore();
  const { authApi } = app.authApi;
  store.dispatch(app.loginFlow.submitLogin({ username: 'owner@corner.cafe', password: secrets.loginPassword }));
  await waitFor(() => expect(store.getState().session.token).toBe(secrets.loginSession));

  await store.dispatch(authApi.endpoints.verify.initiate(secrets.verifyLink));
  await store.dispatch(authApi.endpoints.completeRegistration.initiate({ token: secrets.verifyLink, vendorId: 'v42', password: secrets.completionPassword }, { track: false }));
  expect(store.getState().session.token).toBe(secrets.completionSession);

  await store.dispatch(authApi.endpoints.checkResetLink.initiate(secrets.resetLink));
  await store.dispatch(authApi.endpoints.resetPassword.initiate({ token: secrets.resetLink, password: secrets.resetPassword }));
  expect(store.getState().session.token).toBe(secrets.resetSession);

  store.dispatch(app.session.logout());
  await waitFor(() => expect(fakeApi.sent('POST /api/auth/logout')).toHaveLength(1));

  const sent = JSON.stringify({ actions: received.actions, states: received.states });
  for (const [name, secret] of Object.entries(secrets)) {
    expect({ name, leaked: sent.includes(secret) }).toEqual({ name, leaked: false });
  }
  // Still useful: every request is there by endpoint, with its outcome; only the secret parts read [redacted].
  const types = received.actions.map((action) => (action as { type: string }).type);
  expect(types).toEqual(expect.arrayContaining(['api/executeMutation/pending', 'api/executeMutation/fulfilled', 'api/executeQuery/fulfilled', 'session/loggedOut']));
  const loginPending = received.actions.find(
    (action) => (action as { type: string; meta?: { arg?: { endpointName?: string } } }).type === 'api/executeMutation/pending' &&
      (action as { meta: { arg: { endpointName: string } } }).meta.arg.endpointName === 'login',
  ) as { meta: { arg: { originalArgs: unknown } } };
  expect(loginPending.meta.arg.originalArgs).toBe(REDACTED);
  expect(sent).toContain(REDACTED);
});

test('every QR action reaches the extension, and a minute of the QR page dispatches only its fetches', async () => {
  jest.useFakeTimers();
  try {
    let issued = 0;
    fakeApi.on('GET /api/qrcode/generate/v42', () => {
      issued += 1;
      return { status: 200, body: { token: `qr-token-${issued}-abcdef`, url: `http://stampwise.test/S/qr-token-${issued}-abcdef`, expiresAt: Date.now() + 90_000 } };
    });
    const store = app.store.makeStore({ session: { token: fakeToken({ sub: 'v42', exp: FAR_FUTURE_EXP, jti: 'qr' }) } });
    store.dispatch(app.qr.pageOpened({ vendorId: 'v42' }));
    await jest.advanceTimersByTimeAsync(60_000);
    store.dispatch(app.qr.pageClosed());
    await jest.advanceTimersByTimeAsync(0);
    const qrTypes = received.actions.map((action) => (action as { type: string }).type).filter((type) => type.startsWith('qr/'));
    expect(received.deniedTypes).toEqual([]);
    expect(qrTypes).toEqual(['qr/pageOpened', 'qr/fetchStarted', 'qr/fetchSucceeded', 'qr/refreshDue', 'qr/fetchStarted', 'qr/fetchSucceeded', 'qr/pageClosed']);
  } finally {
    jest.useRealTimers();
  }
});

test("the QR code's token is redacted wherever it appears, its URL included", () => {
  const token = 'qr-token-public-abcdef';
  const state = {
    qr: { status: 'live', code: { token, url: `http://stampwise.test/S/${token}`, expiresAt: 1, validUntil: 1 } },
    api: { queries: { 'generateQrToken("v42")': { endpointName: 'generateQrToken', originalArgs: 'v42', data: { token, url: `http://stampwise.test/S/${token}` } } } },
  };
  const sent = JSON.stringify(sanitizeState(state));
  expect(sent).not.toContain(token);
  expect(sent).toContain(`http://stampwise.test/S/${REDACTED}`);
  const action = sanitizeAction({ type: 'qr/fetchSucceeded', payload: { token, url: `http://stampwise.test/S/${token}`, expiresAt: 1 } });
  expect(action.payload).toEqual({ token: REDACTED, url: `http://stampwise.test/S/${REDACTED}`, expiresAt: 1 });
});

describe('the sanitizers', () => {
  test('redact secret keys at any depth and leave everything else as it was', () => {
    const action = { type: 'x', payload: { vendor: { _id: 'v1' }, nested: [{ password: 'p', deviceToken: 'd', name: 'Ana' }] } };
    expect(sanitizeAction(action)).toEqual({ type: 'x', payload: { vendor: { _id: 'v1' }, nested: [{ password: REDACTED, deviceToken: REDACTED, name: 'Ana' }] } });
    // The live state is never changed.
    expect(action.payload.nested[0].password).toBe('p');
  });

  test('rename the cache entries of endpoints whose argument is a link token', () => {
    const state = {
      session: { token: 'jwt' },
      api: { queries: { 'verify("link-token")': { endpointName: 'verify', originalArgs: 'link-token', status: 'fulfilled' }, 'getVendor("v1")': { endpointName: 'getVendor', originalArgs: 'v1' } }, mutations: {} },
    };
    expect(sanitizeState(state)).toEqual({
      session: { token: REDACTED },
      api: {
        queries: {
          [`verify(${REDACTED})`]: { endpointName: 'verify', originalArgs: REDACTED, status: 'fulfilled' },
          'getVendor("v1")': { endpointName: 'getVendor', originalArgs: 'v1' },
        },
        mutations: {},
      },
    });
  });
});
