// The session slice: where the token comes from (the auth answers), where it goes (local storage), what it means.
import { makeStore } from '../../../../src/app/store';
import { authApi } from '../../../../src/features/session/authApi';
import { loggedOut, selectIsLoggedIn, selectVendorId, tokenSaved } from '../../../../src/features/session/sessionSlice';
import { vendorApi } from '../../../../src/features/store-settings/vendorApi';
import { stubLocationAssign } from '../../support/browser';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { FAR_FUTURE_EXP, fakeToken } from '../../support/tokens';

const token = fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP });

let fakeApi: FakeApi;
let location: ReturnType<typeof stubLocationAssign>;
beforeEach(() => {
  fakeApi = installFakeApi();
  location = stubLocationAssign();
});
afterEach(() => {
  fakeApi.restore();
  location.restore();
});

describe('session slice', () => {
  test('starts from the token in local storage under the key "token"', () => {
    localStorage.setItem('token', token);
    const store = makeStore();
    expect(store.getState().session.token).toBe(token);
    expect(selectVendorId(store.getState())).toBe('v1');
    expect(selectIsLoggedIn(store.getState())).toBe(true);
  });

  test('stores the token answered by POST /api/auth/login (login.matchFulfilled) and persists it', async () => {
    fakeApi.on('POST /api/auth/login', { status: 200, body: { token, vendor: { _id: 'v1' } } });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'pw' }));
    expect(store.getState().session.token).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
  });

  test('stores the token answered by completing registration', async () => {
    fakeApi.on('POST /api/auth/complete-registration/mail-token', { status: 200, body: { token, vendorId: 'v1' } });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.completeRegistration.initiate({ token: 'mail-token', vendorId: 'v1', password: 'pw' }));
    expect(store.getState().session.token).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
  });

  test('a refused login stores nothing', async () => {
    fakeApi.on('POST /api/auth/login', { status: 401, body: { error: 'Invalid credentials' } });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'nope' }));
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('tokenSaved persists; loggedOut clears the state, local storage and the api cache', async () => {
    fakeApi.on('GET /api/vendor/v1', { status: 200, body: { vendor: { company: 'Corner Café' }, items: [] } });
    const store = makeStore();
    store.dispatch(tokenSaved(token));
    expect(localStorage.getItem('token')).toBe(token);
    await store.dispatch(vendorApi.endpoints.getVendor.initiate('v1'));
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    store.dispatch(loggedOut());
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(store.getState().api.queries).toEqual({});
  });

  test('an expired token in storage is not a session', () => {
    localStorage.setItem('token', fakeToken({ sub: 'v1', exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(selectIsLoggedIn(makeStore().getState())).toBe(false);
  });
});
