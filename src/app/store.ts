// The Redux store: the api slice plus one slice per state machine of the vendor app.
import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/apiSlice';
import { sessionSlice } from '../features/session/sessionSlice';
import { registerSessionPersistence } from '../features/session/sessionPersistence';
import { loginFormSlice } from '../features/login/loginFormSlice';
import { registerLoginListeners } from '../features/login/loginFlow';
import { qrSlice } from '../features/qr/qrSlice';
import { registerQrListeners } from '../features/qr/qrListeners';
import { activityFeedSlice } from '../features/activity/activityFeedSlice';
import { registerActivityFeedListeners } from '../features/activity/activityFeedListeners';
import { counterDeviceSlice } from '../features/qr/device/counterDeviceSlice';
import { registerCounterDeviceListeners } from '../features/qr/device/counterDeviceListeners';
import { menuUploadSlice } from '../features/store-settings/menuUploadSlice';
import type { AppStartListening } from './listener';
import { devToolsOptions } from './devtools';

const rootReducer = combineSlices(api, sessionSlice, loginFormSlice, qrSlice, menuUploadSlice, activityFeedSlice, counterDeviceSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass preloaded state to start from any point of a state machine. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // The development-only invariant checks warn past 32 ms; on a busy 2-core machine (CI, tests) that is noise.
    middleware: (getDefault) => getDefault({ serializableCheck: { warnAfter: 250 }, immutableCheck: { warnAfter: 250 } })
      .prepend(listener.middleware)
      .concat(api.middleware),
    // Redacts passwords and tokens (app/devtools.ts).
    devTools: devToolsOptions,
  });
  const startListening = listener.startListening as AppStartListening;
  registerSessionPersistence(startListening);
  // After persistence: the sign-in redirect must find the token already stored.
  registerLoginListeners(startListening);
  registerQrListeners(startListening);
  registerActivityFeedListeners(startListening);
  registerCounterDeviceListeners(startListening);
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
