// Every tab of the browser shares one session: the token in local storage. Logout in one tab removes it there;
// the others hear of it through the `storage` event (fired in every other tab of the same origin) and sign out
// at once, rather than at their next request, closing their live feed with it. A new token stored by one tab
// (signing in again, a password change or reset, an accepted invitation) is taken up by the others the same
// way, so none of them goes on with the token the server has revoked. The token travels no other way than
// the storage it already lives in.
import type { UnknownAction } from '@reduxjs/toolkit';
import { TOKEN_STORAGE_KEY } from '../../constants';
import { api, sessionRefused } from '../../api/apiSlice';
import { decodeToken, isTokenValid } from '../../lib/token';
import { readStoredToken, tokenSaved, type SessionState } from './sessionSlice';

interface SessionStore {
  getState(): { session: SessionState };
  dispatch(action: UnknownAction): unknown;
}

/** Whether the two tokens speak for the same store in the same role (so what the tab has loaded still applies). */
function sameStoreAndRole(a: string, b: string): boolean {
  const [first, second] = [decodeToken(a), decodeToken(b)];
  return first !== null && second !== null && first.sub === second.sub && first.role === second.role;
}

/** Follows the token other tabs keep; answers the function that stops following. */
export function followSessionAcrossTabs(store: SessionStore, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared the whole storage.
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    const token = store.getState().session.token;
    const stored = readStoredToken();
    if (stored === token) return;
    if (stored === null) {
      // The sign-in screen says the session was ended with Logout in another tab or window.
      if (token !== null) store.dispatch(sessionRefused({ token, cause: 'signed-out' }));
      return;
    }
    // A token that is already out of date would only sign this tab out at its first request.
    if (!isTokenValid(stored)) return;
    store.dispatch(tokenSaved(stored));
    // Nothing loaded for one store (or role) may be shown under another's session.
    if (token !== null && !sameStoreAndRole(token, stored)) store.dispatch(api.util.resetApiState());
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
