// Keeps the counter screen's pairing in localStorage, and forgets it once the server refuses its token.
import { isAnyOf } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../../app/listener';
import { deviceRefused } from '../../../api/apiSlice';
import { COUNTER_DEVICE_STORAGE_KEY, deviceForgotten, devicePaired, deviceRemoved } from './counterDeviceSlice';

export function registerCounterDeviceListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: deviceRefused,
    effect: (action, listenerApi) => {
      const state = listenerApi.getState().counterDevice;
      // Only the token still in use: an answer to an older pairing's request changes nothing.
      if (state.status === 'paired' && state.device.deviceToken === action.payload.token) listenerApi.dispatch(deviceRemoved());
    },
  });
  startListening({
    matcher: isAnyOf(devicePaired, deviceRemoved, deviceForgotten),
    effect: (_action, listenerApi) => {
      const state = listenerApi.getState().counterDevice;
      try {
        if (state.status === 'paired') localStorage.setItem(COUNTER_DEVICE_STORAGE_KEY, JSON.stringify(state.device));
        else localStorage.removeItem(COUNTER_DEVICE_STORAGE_KEY);
      } catch {
        // Storage blocked: the pairing lasts while the page is open.
      }
    },
  });
}
