// Mirrors the session token into local storage so a reload keeps the vendor signed in.
import { TOKEN_STORAGE_KEY } from '../../constants';
import type { AppStartListening } from '../../app/listener';
import { api } from '../../api/apiSlice';
import { loggedOut, tokenSaved } from './sessionSlice';

export function registerSessionPersistence(startListening: AppStartListening): void {
  startListening({
    actionCreator: tokenSaved,
    effect: (action) => {
      localStorage.setItem(TOKEN_STORAGE_KEY, action.payload);
    },
  });
  startListening({
    actionCreator: loggedOut,
    effect: (_action, listenerApi) => {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      // Nothing cached for one vendor may be shown to the next one on this screen.
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
}
