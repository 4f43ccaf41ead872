// Logout in one tab signs the browser's other tabs out at once: they hear the token leave local storage. A new
// token stored by one tab (signing in again, a password change) is taken up by the others the same way.
import { sessionRefused } from '../../../../src/api/apiSlice';
import { makeStore } from '../../../../src/app/store';
import { loggedOut, selectIsLoggedIn } from '../../../../src/features/session/sessionSlice';
import { followSessionAcrossTabs } from '../../../../src/features/session/sessionTabs';
import { FAR_FUTURE_EXP, fakeToken } from '../../support/tokens';

const token = fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP });
const newToken = fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP, jti: 'second' });

/** What the browser fires in every other tab when one tab changes local storage. */
function otherTabChanged(key: string | null, newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue: token, newValue, storageArea: localStorage }));
}

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  localStorage.clear();
});

function signedInTab() {
  localStorage.setItem('token', token);
  const store = makeStore();
  stop = followSessionAcrossTabs(store);
  return store;
}

describe('the session across tabs', () => {
  test('another tab logging out signs this one out, saying the session was ended with Logout', () => {
    const store = signedInTab();
    localStorage.removeItem('token');
    otherTabChanged('token', null);
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(store.getState().session.endedBecause).toBe('signed-out');
  });

  test('another tab clearing the whole storage signs this one out too', () => {
    const store = signedInTab();
    localStorage.clear();
    otherTabChanged(null, null);
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  test('other keys, and a token still in storage, change nothing', () => {
    const store = signedInTab();
    otherTabChanged('lang', 'de');
    otherTabChanged('token', token);
    expect(store.getState().session.token).toBe(token);
  });

  test('a tab already signed out stays as it was, its reason kept', () => {
    const store = signedInTab();
    store.dispatch(loggedOut());
    otherTabChanged('token', null);
    expect(store.getState().session.endedBecause).toBeNull();
  });

  test('another tab signing in again (or changing the password) hands this one the new token, not the revoked one', () => {
    const store = signedInTab();
    localStorage.setItem('token', newToken);
    otherTabChanged('token', newToken);
    expect(store.getState().session.token).toBe(newToken);
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    // A refusal of the old token, answered after the change, ends nothing and leaves the new token stored.
    store.dispatch(sessionRefused({ token, cause: 'password-changed' }));
    expect([store.getState().session.token, localStorage.getItem('token')]).toEqual([newToken, newToken]);
  });

  test('a tab on the sign-in screen is signed in when another tab signs in', () => {
    const store = signedInTab();
    store.dispatch(loggedOut());
    localStorage.setItem('token', newToken);
    otherTabChanged('token', newToken);
    expect(store.getState().session.token).toBe(newToken);
  });

  test("a tab whose old token is refused before it hears of the new one keeps the other tab's token stored, and then takes it up", () => {
    const store = signedInTab();
    localStorage.setItem('token', newToken);
    store.dispatch(sessionRefused({ token, cause: 'password-changed' }));
    expect(localStorage.getItem('token')).toBe(newToken);
    otherTabChanged('token', newToken);
    expect(store.getState().session.token).toBe(newToken);
  });

  test('an expired token from another tab is not taken up', () => {
    const store = signedInTab();
    const expired = fakeToken({ sub: 'v1', exp: 1 });
    localStorage.setItem('token', expired);
    otherTabChanged('token', expired);
    expect(store.getState().session.token).toBe(token);
  });

  test('stops listening when asked', () => {
    const store = signedInTab();
    stop();
    localStorage.removeItem('token');
    otherTabChanged('token', null);
    expect(store.getState().session.token).toBe(token);
  });
});
