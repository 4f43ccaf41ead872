// Counter screens: pairing with a one-use code, the device's standing on every request, renaming and
// revoking, and the counter codes a device shows (signed with its own key, online or off).
import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import { textError } from '../http-errors';
import { inTransaction } from '../db/transactions';
import { isUniqueViolation } from '../repositories/stamp-events';
import {
  deleteStalePairingCodes, findDevice, findLiveDeviceByKey, insertDevice, insertPairingCode, listLiveDevices,
  liveKeyNumbers, renameDevice, revokeDevice, touchDevice, usePairingCode, type DeviceRow,
} from '../repositories/counter-devices';
import { newDeviceToken, newPairingCode, normalizePairingCode, pairingCodeHash, readDeviceToken, sameHash } from '../infra/device-credentials';
import { DEVICE_CLOCK_SLACK_SECONDS, MAX_DEVICE_KEY_NUMBER, deviceCodeSignedBy, deviceKey, readDeviceCode, sealDeviceCode } from '../infra/device-codes';
import { DYNAMIC_QR_TTL_SECONDS, qrScanUrl } from '../infra/qr-tokens-impl';
import type { VerifiedQrToken } from '../infra/qr-tokens';
import { recordOf } from './actors';
import type { Principal } from './access';
import { findVendorById } from '../repositories/vendors';
import { imageUrl } from './images';
import { announceSessionsEnded } from './sessions';
import { trimName } from './plain-text';

export type { DeviceRow };

/** A pairing code pairs once, within this long. */
export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000;
/** Last seen is written at most this often per device. */
const LAST_SEEN_EVERY_MS = 60_000;

export interface DeviceSession {
  deviceId: string;
  vendorId: string;
  name: string;
  keyNumber: number;
}

export type CounterDeps = Pick<AppDeps, 'db' | 'now' | 'secret'>;

export async function createPairingCode(deps: CounterDeps, vendorId: string, actor: Principal): Promise<{ pairingCode: string; expiresAt: number }> {
  const now = deps.now();
  const by = await recordOf(deps, actor);
  const pairingCode = newPairingCode();
  const expiresAt = now + PAIRING_CODE_TTL_MS;
  await deleteStalePairingCodes(deps.db.kysely, now);
  await insertPairingCode(deps.db.kysely, { hash: pairingCodeHash(deps.secret, pairingCode), vendorId, createdBy: by.name, createdByPersonId: by.personId, expiresAt, now });
  return { pairingCode, expiresAt };
}

export interface PairedDevice {
  deviceToken: string;
  vendorId: string;
  deviceId: string;
  name: string;
  keyNumber: number;
  /** base64url of the device's signing key: kept by the screen, for the codes it makes while offline. */
  deviceKey: string;
  /** PUBLIC_URL/S/ as the QR image encodes it, followed by a code. */
  scanUrlPrefix: string;
}

export async function pairDevice(deps: CounterDeps & Pick<AppDeps, 'config'>, input: { pairingCode: string; name: string }): Promise<PairedDevice> {
  const now = deps.now();
  const deviceId = crypto.randomUUID();
  const { token, hash } = newDeviceToken(deviceId);
  const name = deviceName(input.name);
  const paired = await inTransaction(deps.db.kysely, async (trx) => {
    const code = await usePairingCode(trx, pairingCodeHash(deps.secret, normalizePairingCode(input.pairingCode)), now);
    if (!code) return undefined;
    const taken = new Set(await liveKeyNumbers(trx, code.vendorId));
    let keyNumber = 1;
    while (taken.has(keyNumber)) keyNumber += 1;
    if (keyNumber > MAX_DEVICE_KEY_NUMBER) throw textError(409, 'counterRefusals.tooManyDevices', { max: MAX_DEVICE_KEY_NUMBER });
    await insertDevice(trx, { id: deviceId, vendorId: code.vendorId, name, keyNumber, tokenHash: hash, pairedBy: code.createdBy, pairedByPersonId: code.createdByPersonId, now });
    return { vendorId: code.vendorId, keyNumber };
  }).catch((error: unknown) => {
    // Two pairings of one store racing for the same key number: the loser pairs again with the next one.
    if (isUniqueViolation(error)) throw textError(409, 'counterRefusals.pairingCodeInvalid');
    throw error;
  });
  if (!paired) throw textError(401, 'counterRefusals.pairingCodeInvalid');
  return {
    deviceToken: token,
    vendorId: paired.vendorId,
    deviceId,
    name,
    keyNumber: paired.keyNumber,
    deviceKey: deviceKey(deps.secret, deviceId).toString('base64url'),
    scanUrlPrefix: qrScanUrl(deps.config.publicUrl, ''),
  };
}

/** A counter screen's name as stored, or 400: the activity says which screen a stamp was collected on by it. */
function deviceName(raw: string): string {
  const name = trimName(raw);
  if (name === '') throw textError(400, 'counterRefusals.deviceNameRequired', undefined, [{ field: 'name', message: 'must not be empty' }]);
  return name;
}

/** The device a bearer token names, while it is paired; a 401 that says why otherwise. */
export async function authenticateCounterDevice(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<DeviceSession> {
  const read = readDeviceToken(token);
  const device = read ? await findDevice(deps.db.kysely, read.deviceId) : undefined;
  if (!read || !device || !sameHash(device.tokenHash, read.hash)) throw textError(401, 'counterRefusals.deviceRevoked');
  if (device.revokedAt !== null) throw textError(401, 'counterRefusals.deviceRevoked');
  await touchDevice(deps.db.kysely, device.id, deps.now(), LAST_SEEN_EVERY_MS);
  return sessionOf(device);
}

/** For an open live feed: the device is still paired. */
export async function isDeviceCurrent(deps: Pick<AppDeps, 'db'>, deviceId: string): Promise<boolean> {
  const device = await findDevice(deps.db.kysely, deviceId);
  return device !== undefined && device.revokedAt === null;
}

export async function listDevices(deps: Pick<AppDeps, 'db'>, vendorId: string): Promise<DeviceRow[]> {
  return listLiveDevices(deps.db.kysely, vendorId);
}

export async function renameCounterDevice(deps: Pick<AppDeps, 'db'>, vendorId: string, deviceId: string, name: string): Promise<DeviceRow> {
  if (!(await renameDevice(deps.db.kysely, vendorId, deviceId, deviceName(name)))) throw textError(404, 'counterRefusals.deviceNotFound');
  const device = await findDevice(deps.db.kysely, deviceId);
  if (!device) throw textError(404, 'counterRefusals.deviceNotFound');
  return device;
}

/** The device's token, feed and codes (offline ones included) stop working at once. */
export async function revokeCounterDevice(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>, vendorId: string, deviceId: string): Promise<void> {
  if (!(await revokeDevice(deps.db.kysely, vendorId, deviceId, deps.now()))) throw textError(404, 'counterRefusals.deviceNotFound');
  announceSessionsEnded(deps, vendorId);
}

/** A counter code for a device that is online: signed with the device's key, so the stamp records the device. */
export async function issueDeviceCode(deps: Pick<AppDeps, 'db' | 'secret' | 'now'>, deviceId: string, count: number): Promise<{ token: string; expiresAt: number }> {
  const device = await findDevice(deps.db.kysely, deviceId);
  if (!device || device.revokedAt !== null) throw textError(401, 'counterRefusals.deviceRevoked');
  return sealDeviceCode(deviceKey(deps.secret, device.id), { vendorId: device.vendorId, keyNumber: device.keyNumber, count, now: deps.now() });
}

export type DeviceCodeCheck = { ok: true; token: VerifiedQrToken; deviceId: string } | { ok: false; reason: 'malformed' | 'expired' };

/** True when the token has the device-code layout (undefined: another kind of token). */
export function isDeviceCode(token: string): boolean {
  return readDeviceCode(token) !== undefined;
}

/**
 * A scanned device code: the store's paired device with that key number signed it (a revoked device has
 * none, so its codes are refused at once), within its 90 s, and not dated further ahead than a clock can drift.
 */
export async function verifyDeviceCode(deps: Pick<AppDeps, 'db' | 'secret' | 'now'>, token: string): Promise<DeviceCodeCheck> {
  const fields = readDeviceCode(token);
  if (!fields) return { ok: false, reason: 'malformed' };
  const device = await findLiveDeviceByKey(deps.db.kysely, fields.vendorId, fields.keyNumber);
  if (!device || !deviceCodeSignedBy(token, deviceKey(deps.secret, device.id))) return { ok: false, reason: 'malformed' };
  const now = deps.now();
  if (fields.expiresAt <= now) return { ok: false, reason: 'expired' };
  if (fields.expiresAt > now + (DYNAMIC_QR_TTL_SECONDS + DEVICE_CLOCK_SLACK_SECONDS) * 1000) return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    deviceId: device.id,
    token: { vendorId: fields.vendorId, kind: 'dynamic', tokenId: token, issuedAt: fields.expiresAt - DYNAMIC_QR_TTL_SECONDS * 1000, count: fields.count },
  };
}

function sessionOf(device: DeviceRow): DeviceSession {
  return { deviceId: device.id, vendorId: device.vendorId, name: device.name, keyNumber: device.keyNumber };
}

/** What a counter screen shows at the top: its store's name and logo, and the zone its feed's times read in. */
export async function counterStore(
  deps: Pick<AppDeps, 'db'>,
  deviceId: string,
): Promise<{ vendorId: string; deviceId: string; name: string; company: string; logo: string | null; timeZone: string | null }> {
  const device = await findDevice(deps.db.kysely, deviceId);
  const vendor = device ? await findVendorById(deps.db.kysely, device.vendorId) : undefined;
  if (!device || !vendor) throw textError(401, 'counterRefusals.deviceRevoked');
  return { vendorId: device.vendorId, deviceId: device.id, name: device.name, company: vendor.company, logo: imageUrl(vendor.logo_image_id), timeZone: vendor.time_zone ?? null };
}
