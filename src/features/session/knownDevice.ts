// This browser's known-device token: the server hands one out with every successful sign-in;
// sent with the next sign-in, it keeps strangers' failed guesses from locking this browser out.
// Kept in local storage, never in the Redux store (so DevTools never see it).
import { KNOWN_DEVICE_STORAGE_KEY } from '../../constants';

export function readKnownDeviceToken(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(KNOWN_DEVICE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function saveKnownDeviceToken(token: string | undefined): void {
  if (typeof token !== 'string' || token === '') return;
  try {
    localStorage.setItem(KNOWN_DEVICE_STORAGE_KEY, token);
  } catch {
    // Storage unavailable (private mode, quota): sign-in works, only without the known-device benefit.
  }
}
