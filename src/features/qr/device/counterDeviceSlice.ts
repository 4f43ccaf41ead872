// This browser as a paired counter screen: its device token and signing key (kept in localStorage by
// counterDeviceListeners.ts), and whether counter mode is on screen — only then do requests carry the
// device token and does the QR cycle sign codes itself when the server cannot be reached.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PairDeviceResponse } from '../../../api/contract/counter';

export type PairedCounterDevice = PairDeviceResponse;

export type CounterDeviceState =
  /** Not paired; `removed`: it was, until the store removed it (the pairing form says so). */
  | { status: 'unpaired'; removed: boolean }
  | { status: 'paired'; device: PairedCounterDevice; onScreen: boolean };

export const COUNTER_DEVICE_STORAGE_KEY = 'stampwise.counterDevice';

/** The pairing this browser kept, if any (read once when the store is made). */
export function storedCounterDevice(): CounterDeviceState {
  try {
    const kept = localStorage.getItem(COUNTER_DEVICE_STORAGE_KEY);
    if (!kept) return { status: 'unpaired', removed: false };
    const device = JSON.parse(kept) as Partial<PairedCounterDevice>;
    if (typeof device.deviceToken !== 'string' || typeof device.deviceKey !== 'string' || typeof device.vendorId !== 'string' || typeof device.keyNumber !== 'number') {
      return { status: 'unpaired', removed: false };
    }
    return { status: 'paired', device: device as PairedCounterDevice, onScreen: false };
  } catch {
    return { status: 'unpaired', removed: false };
  }
}

export const counterDeviceSlice = createSlice({
  name: 'counterDevice',
  initialState: storedCounterDevice as () => CounterDeviceState,
  reducers: {
    devicePaired(_state, action: PayloadAction<PairedCounterDevice>): CounterDeviceState {
      return { status: 'paired', device: action.payload, onScreen: false };
    },
    /** The server refused the device token (the store removed the screen). */
    deviceRemoved(): CounterDeviceState {
      return { status: 'unpaired', removed: true };
    },
    deviceForgotten(): CounterDeviceState {
      return { status: 'unpaired', removed: false };
    },
    counterShown(state) {
      if (state.status === 'paired') state.onScreen = true;
    },
    counterHidden(state) {
      if (state.status === 'paired') state.onScreen = false;
    },
  },
  selectors: {
    selectCounterDevice: (state) => state,
  },
});

export const { devicePaired, deviceRemoved, deviceForgotten, counterShown, counterHidden } = counterDeviceSlice.actions;
export const { selectCounterDevice } = counterDeviceSlice.selectors;

/** The device signing codes on screen now, if this browser is a paired counter screen in counter mode. */
export function activeSigner(state: CounterDeviceState): PairedCounterDevice | null {
  return state.status === 'paired' && state.onScreen ? state.device : null;
}
