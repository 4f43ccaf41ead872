// Mirrors the session token into local storage so a reload keeps the vendor signed in.
import { TOKEN_STORAGE_KEY } from '../../constants';
import type { AppStartListening } from '../../app/listener';
import { api } from '../../api/apiSlice';
import { isAnyOf } from '@reduxjs/toolkit';
import { sessionRefused } from '../../api/apiSlice';
import { loggedOut, readStoredToken, sessionExpired } from './sessionSlice';

function writeStoredToken(token: string | null): void {
  try {
    if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
    else localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts until the tab closes.
  }
}

export function registerSessionPersistence(startListening: AppStartListening): void {
  // Whatever stored the token (tokenSaved, sign-in, completed registration, logout), storage follows it.
  startListening({
    predicate: (_action, currentState, previousState) => currentState.session.token !== previousState.session.token,
    effect: (_action, listenerApi) => {
      const token = listenerApi.getState().session.token;
      // This tab dropping an old token (the server refused it) leaves a newer one another tab stored: that
      // tab's session goes on, and this one takes it up (sessionTabs.ts).
      if (token === null && readStoredToken() !== listenerApi.getOriginalState().session.token) return;
      writeStoredToken(token);
    },
  });
  startListening({
    matcher: isAnyOf(loggedOut, sessionExpired, sessionRefused),
    effect: (_action, listenerApi) => {
      // A refusal of a token that is no longer the current one ended nothing: keep the cache.
      if (listenerApi.getState().session.token !== null) return;
      // Nothing cached for one vendor may be shown to the next one on this screen.
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
}
