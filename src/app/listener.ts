// Typed listener registration: side effects (timers, storage) live in listeners, not in components.
// Each store gets its own listener middleware (see makeStore), so tests never share listeners.
import type { TypedStartListening } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store';

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
