// Every tab of the browser shares one session: the token in local storage. Logout in one tab removes it there;
// the others hear of it through the `storage` event (fired in every other tab of the same origin) and sign out
// at once, rather than at their next request, closing their live feed with it.
import type { UnknownAction } from '@reduxjs/toolkit';
import { TOKEN_STORAGE_KEY } from '../../constants';
import { sessionRefused } from '../../api/apiSlice';
import { readStoredToken, type SessionState } from './sessionSlice';

interface SessionStore {
  getState(): { session: SessionState };
  dispatch(action: UnknownAction): unknown;
}

/** Follows the token other tabs keep; answers the function that stops following. */
export function followSessionAcrossTabs(store: SessionStore, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared the whole storage.
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    const token = store.getState().session.token;
    if (token === null || readStoredToken() !== null) return;
    // The sign-in screen says the session was ended with Logout in another tab or window.
    store.dispatch(sessionRefused({ token, cause: 'signed-out' }));
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
