// SQL for counter screens and their pairing codes.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface DeviceRow {
  id: string;
  vendorId: string;
  name: string;
  keyNumber: number;
  tokenHash: string;
  pairedBy: string;
  createdAt: number;
  lastSeenAt: number | null;
  revokedAt: number | null;
}

const columns = [
  'id', 'vendor_id as vendorId', 'name', 'key_number as keyNumber', 'token_hash as tokenHash', 'paired_by as pairedBy',
  'created_at as createdAt', 'last_seen_at as lastSeenAt', 'revoked_at as revokedAt',
] as const;

function toDevice(row: { [K in keyof DeviceRow]: DeviceRow[K] | string | number | bigint | null }): DeviceRow {
  const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    id: String(row.id),
    vendorId: String(row.vendorId),
    name: String(row.name),
    keyNumber: Number(row.keyNumber),
    tokenHash: String(row.tokenHash),
    pairedBy: String(row.pairedBy),
    createdAt: Number(row.createdAt),
    lastSeenAt: numberOrNull(row.lastSeenAt),
    revokedAt: numberOrNull(row.revokedAt),
  };
}

export async function insertPairingCode(db: Queryable, code: { hash: string; vendorId: string; createdBy: string; createdByPersonId: string | null; expiresAt: number; now: number }): Promise<void> {
  await db
    .insertInto('counter_pairing_codes')
    .values({ code_hash: code.hash, vendor_id: code.vendorId, created_by: code.createdBy, created_by_person_id: code.createdByPersonId, expires_at: code.expiresAt, created_at: code.now })
    .execute();
}

/** Marks the code used when it is unused and unexpired; answers its store and creator, or undefined. */
export async function usePairingCode(db: Queryable, hash: string, now: number): Promise<{ vendorId: string; createdBy: string; createdByPersonId: string | null } | undefined> {
  const row = await db
    .updateTable('counter_pairing_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['vendor_id', 'created_by', 'created_by_person_id'])
    .executeTakeFirst();
  return row ? { vendorId: row.vendor_id, createdBy: row.created_by, createdByPersonId: row.created_by_person_id } : undefined;
}

/** A person's codes that have not paired yet stop working (they left the team or lost the role that made them). */
export async function withdrawPairingCodesOf(db: Queryable, vendorId: string, personId: string): Promise<void> {
  await db.deleteFrom('counter_pairing_codes').where('vendor_id', '=', vendorId).where('created_by_person_id', '=', personId).where('used_at', 'is', null).execute();
}

/** Codes that can no longer pair: dead weight. */
export async function deleteStalePairingCodes(db: Queryable, now: number): Promise<void> {
  await db.deleteFrom('counter_pairing_codes').where('expires_at', '<=', now).execute();
}

export async function liveKeyNumbers(db: Queryable, vendorId: string): Promise<number[]> {
  const rows = await db.selectFrom('counter_devices').select('key_number').where('vendor_id', '=', vendorId).where('revoked_at', 'is', null).execute();
  return rows.map((row) => Number(row.key_number));
}

export async function insertDevice(db: Queryable, device: { id: string; vendorId: string; name: string; keyNumber: number; tokenHash: string; pairedBy: string; pairedByPersonId: string | null; now: number }): Promise<void> {
  await db
    .insertInto('counter_devices')
    .values({
      id: device.id, vendor_id: device.vendorId, name: device.name, key_number: device.keyNumber, token_hash: device.tokenHash,
      paired_by: device.pairedBy, paired_by_person_id: device.pairedByPersonId, created_at: device.now, last_seen_at: device.now,
    })
    .execute();
}

export async function findDevice(db: Queryable, deviceId: string): Promise<DeviceRow | undefined> {
  const row = await db.selectFrom('counter_devices').select(columns).where('id', '=', deviceId).executeTakeFirst();
  return row ? toDevice(row) : undefined;
}

/** The store's device that signs with `keyNumber` and is not revoked. */
export async function findLiveDeviceByKey(db: Queryable, vendorId: string, keyNumber: number): Promise<DeviceRow | undefined> {
  const row = await db
    .selectFrom('counter_devices')
    .select(columns)
    .where('vendor_id', '=', vendorId)
    .where('key_number', '=', keyNumber)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? toDevice(row) : undefined;
}

/** The store's devices that are not revoked, oldest first. */
export async function listLiveDevices(db: Queryable, vendorId: string): Promise<DeviceRow[]> {
  const rows = await db.selectFrom('counter_devices').select(columns).where('vendor_id', '=', vendorId).where('revoked_at', 'is', null).orderBy('created_at').orderBy('id').execute();
  return rows.map(toDevice);
}

export async function renameDevice(db: Queryable, vendorId: string, deviceId: string, name: string): Promise<boolean> {
  const result = await db.updateTable('counter_devices').set({ name }).where('id', '=', deviceId).where('vendor_id', '=', vendorId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeDevice(db: Queryable, vendorId: string, deviceId: string, now: number): Promise<boolean> {
  const result = await db.updateTable('counter_devices').set({ revoked_at: now }).where('id', '=', deviceId).where('vendor_id', '=', vendorId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Last seen, written at most once per `everyMs` per device (a busy counter polls often). */
export async function touchDevice(db: Queryable, deviceId: string, now: number, everyMs: number): Promise<void> {
  await db
    .updateTable('counter_devices')
    .set({ last_seen_at: now })
    .where('id', '=', deviceId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', now - everyMs)]))
    .execute();
}

/** Names of devices by id (the activity list shows who did what). */
export async function deviceNames(db: Queryable, deviceIds: string[]): Promise<Map<string, string>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db.selectFrom('counter_devices').select(['id', 'name']).where('id', 'in', deviceIds).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The counter screen (its name now) whose code each of these stamps used; stamps of no screen are left out. */
export async function stampDeviceNames(db: Queryable, stampIds: readonly string[]): Promise<Map<string, string>> {
  if (stampIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stamp_events as e')
    .innerJoin('counter_devices as d', 'd.id', 'e.device_id')
    .select(['e.id', 'd.name'])
    .where('e.id', 'in', [...stampIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
