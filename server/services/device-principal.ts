// Counter devices sign in with a device token of their own (sent as a bearer token, like a session).
// Until devices can be paired, no bearer token names a device.
import type { AppDeps } from '../deps';
import type { DevicePrincipal } from './access';

/** The paired, unrevoked device a bearer token names, or null when it names none. */
export async function authenticateDevice(_deps: AppDeps, _token: string): Promise<DevicePrincipal | null> {
  return null;
}
