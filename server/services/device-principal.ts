// Counter devices sign in with a device token of their own (sent as a bearer token, like a session):
// `swc.<device id>.<secret>` (services/counter-devices.ts pairs them).
import type { AppDeps } from '../deps';
import type { DevicePrincipal } from './access';
import { isDeviceToken } from '../infra/device-credentials';
import { authenticateCounterDevice } from './counter-devices';

/**
 * The paired, unrevoked device a bearer token names; null when the token is not a device token. A device
 * token of a removed (or unknown) screen is refused here with a 401 that says so.
 */
export async function authenticateDevice(deps: AppDeps, token: string): Promise<DevicePrincipal | null> {
  if (!isDeviceToken(token)) return null;
  const device = await authenticateCounterDevice(deps, token);
  return { kind: 'device', vendorId: device.vendorId, deviceId: device.deviceId };
}
