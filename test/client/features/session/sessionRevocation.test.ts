// Logout ends the session on the server even when the api cache is reset at the same moment, the tab closes,
// or the network is down (then the logout waits in local storage and is sent at the next start).
import { makeStore } from '../../../../src/app/store';
import { logout } from '../../../../src/features/session/sessionSlice';
import { pendingLogouts, retryPendingLogouts } from '../../../../src/features/session/sessionRevocation';
import { vendorApi } from '../../../../src/features/store-settings/vendorApi';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { FAR_FUTURE_EXP, fakeToken } from '../../support/tokens';

const token = fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP, jti: 'session-1' });

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
  fakeApi.on('GET /api/vendor/v1', { status: 200, body: { vendor: { company: 'Corner Café' }, items: [] } });
});
afterEach(() => fakeApi.restore());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('logout', () => {
  test('the POST /api/auth/logout leaves although signing out resets the api cache (which aborts running requests)', async () => {
    fakeApi.on('POST /api/auth/logout', { status: 204 });
    localStorage.setItem('token', token);
    const store = makeStore();
    await store.dispatch(vendorApi.endpoints.getVendor.initiate('v1'));

    store.dispatch(logout());
    await settle();

    const sent = fakeApi.sent('POST /api/auth/logout');
    expect(sent).toHaveLength(1);
    expect(sent[0].headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(pendingLogouts()).toEqual([]);
  });

  test('the request is keepalive, so it still leaves when the owner closes the tab right after', async () => {
    fakeApi.on('POST /api/auth/logout', { status: 204 });
    localStorage.setItem('token', token);
    makeStore().dispatch(logout());
    await settle();
    expect(fakeApi.sent('POST /api/auth/logout').map((request) => request.keepalive)).toEqual([true]);
  });

  test('offline: the owner is signed out here at once, and the logout is sent at the next start', async () => {
    fakeApi.on('POST /api/auth/logout', 'network-failure');
    localStorage.setItem('token', token);
    const store = makeStore();
    store.dispatch(logout());
    await settle();
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(pendingLogouts()).toEqual([token]);

    fakeApi.on('POST /api/auth/logout', { status: 204 });
    await retryPendingLogouts();
    expect(fakeApi.sent('POST /api/auth/logout')).toHaveLength(2);
    expect(fakeApi.sent('POST /api/auth/logout')[1].headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(pendingLogouts()).toEqual([]);
  });

  test('a server error keeps the logout for later; a 401 (the session was already over) does not', async () => {
    fakeApi.on('POST /api/auth/logout', { status: 503, body: { error: 'Service Unavailable' } });
    localStorage.setItem('token', token);
    makeStore().dispatch(logout());
    await settle();
    expect(pendingLogouts()).toEqual([token]);

    fakeApi.on('POST /api/auth/logout', { status: 401, body: { error: 'Your session has ended. Please sign in again.' } });
    await retryPendingLogouts();
    expect(pendingLogouts()).toEqual([]);
  });

  test('a kept logout whose token has expired meanwhile is dropped without a request', async () => {
    const expired = fakeToken({ sub: 'v1', exp: Math.floor(Date.now() / 1000) - 60 });
    localStorage.setItem('stampwise.pendingLogouts', JSON.stringify([expired]));
    await retryPendingLogouts();
    expect(fakeApi.sent('POST /api/auth/logout')).toHaveLength(0);
    expect(pendingLogouts()).toEqual([]);
  });
});
