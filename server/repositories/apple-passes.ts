// SQL of Apple Wallet passes: one row per card, made on the first download.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface ApplePassRow {
  card_id: string;
  serial_number: string;
  auth_token_hash: string;
}

export async function findApplePass(db: Queryable, cardId: string): Promise<ApplePassRow | undefined> {
  return db.selectFrom('apple_passes').select(['card_id', 'serial_number', 'auth_token_hash']).where('card_id', '=', cardId).executeTakeFirst();
}

/** Inserts the pass unless the card has one already (two downloads at once), then answers the card's pass. */
export async function insertApplePassIfNew(db: Queryable, pass: ApplePassRow, now: number): Promise<ApplePassRow> {
  await db.insertInto('apple_passes').values({ ...pass, created_at: now, updated_at: now }).onConflict((oc) => oc.column('card_id').doNothing()).execute();
  const row = await findApplePass(db, pass.card_id);
  if (!row) throw new Error(`apple pass of card ${pass.card_id} vanished`);
  return row;
}

export interface ApplePassOfSerial {
  card_id: string;
  customer_id: string;
  auth_token_hash: string;
  updated_at: number;
}

/** The pass with this serial and whose card it is; undefined for a serial nobody was given. */
export async function findApplePassBySerial(db: Queryable, serialNumber: string): Promise<ApplePassOfSerial | undefined> {
  const row = await db
    .selectFrom('apple_passes as p')
    .innerJoin('stamp_cards as c', 'c.id', 'p.card_id')
    .select(['p.card_id', 'c.customer_id', 'p.auth_token_hash', 'p.updated_at'])
    .where('p.serial_number', '=', serialNumber)
    .executeTakeFirst();
  return row ? { ...row, updated_at: Number(row.updated_at) } : undefined;
}

/**
 * Records that the cards' passes changed now. The time moves on by at least a whole second each time,
 * so a phone holding the pass of the same second (Last-Modified has one-second resolution) is never
 * told "not modified" about a newer one.
 */
export async function markApplePassesChanged(db: Queryable, cardIds: readonly string[], now: number): Promise<void> {
  if (cardIds.length === 0) return;
  await db
    .updateTable('apple_passes')
    .set({ updated_at: sql<number>`CASE WHEN CAST(${now} AS BIGINT) >= (updated_at / 1000) * 1000 + 1000 THEN CAST(${now} AS BIGINT) ELSE (updated_at / 1000) * 1000 + 1000 END` })
    .where('card_id', 'in', [...cardIds])
    .execute();
}

export interface DeviceToPush {
  device_library_id: string;
  next_push_at: number;
}

/** The phones registered for the passes of these cards. */
export async function devicesHoldingCards(db: Queryable, cardIds: readonly string[]): Promise<DeviceToPush[]> {
  if (cardIds.length === 0) return [];
  const rows = await db
    .selectFrom('apple_pass_registrations as r')
    .innerJoin('apple_passes as p', 'p.serial_number', 'r.serial_number')
    .innerJoin('apple_pass_devices as d', 'd.device_library_id', 'r.device_library_id')
    .select(['d.device_library_id', 'd.next_push_at'])
    .where('p.card_id', 'in', [...cardIds])
    .distinct()
    .orderBy('d.device_library_id')
    .execute();
  return rows.map((row) => ({ device_library_id: row.device_library_id, next_push_at: Number(row.next_push_at) }));
}

export async function setDeviceNextPushAt(db: Queryable, deviceLibraryId: string, at: number): Promise<void> {
  await db.updateTable('apple_pass_devices').set({ next_push_at: at }).where('device_library_id', '=', deviceLibraryId).execute();
}

/** The current push tokens of these phones (a phone that removed its passes is not in the answer). */
export async function findApplePassDevices(db: Queryable, deviceLibraryIds: readonly string[]): Promise<{ device_library_id: string; push_token: string }[]> {
  if (deviceLibraryIds.length === 0) return [];
  return db.selectFrom('apple_pass_devices').select(['device_library_id', 'push_token']).where('device_library_id', 'in', [...deviceLibraryIds]).execute();
}

/**
 * Registers the phone for the pass: 'created' the first time, 'exists' after, 'refused' for a new pass on a
 * known phone under another push token. The push token reaches every pass on the phone, and a pass's token
 * is all a registration proves, so only a pass already registered on the phone (the phone itself, sending a
 * renewed token) replaces its token, and a new pass joins a known phone only under the token it has: any
 * customer's own pass could otherwise send another phone's stamp pushes to a token of theirs.
 */
export async function registerApplePassDevice(
  db: Queryable,
  registration: { deviceLibraryId: string; pushToken: string; serialNumber: string },
  now: number,
): Promise<'created' | 'exists' | 'refused'> {
  const [phone, known] = await Promise.all([
    db.selectFrom('apple_pass_devices').select('push_token').where('device_library_id', '=', registration.deviceLibraryId).executeTakeFirst(),
    db
      .selectFrom('apple_pass_registrations')
      .select('serial_number')
      .where('device_library_id', '=', registration.deviceLibraryId)
      .where('serial_number', '=', registration.serialNumber)
      .executeTakeFirst(),
  ]);
  if (phone && !known && phone.push_token !== registration.pushToken) return 'refused';
  await db
    .insertInto('apple_pass_devices')
    .values({ device_library_id: registration.deviceLibraryId, push_token: registration.pushToken, created_at: now })
    .onConflict((oc) => (known ? oc.column('device_library_id').doUpdateSet({ push_token: registration.pushToken }) : oc.column('device_library_id').doNothing()))
    .execute();
  const result = await db
    .insertInto('apple_pass_registrations')
    .values({ device_library_id: registration.deviceLibraryId, serial_number: registration.serialNumber, created_at: now })
    .onConflict((oc) => oc.columns(['device_library_id', 'serial_number']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? 'created' : 'exists';
}

/**
 * Keeps the pass's `keep` newest registrations and forgets the rest (and phones left holding no pass of ours);
 * answers how many were forgotten.
 */
export async function keepNewestRegistrations(db: Queryable, serialNumber: string, keep: number): Promise<number> {
  const older = await db
    .selectFrom('apple_pass_registrations')
    .select('device_library_id')
    .where('serial_number', '=', serialNumber)
    .orderBy('created_at', 'desc')
    .orderBy('device_library_id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (older.length === 0) return 0;
  const ids = older.map((row) => row.device_library_id);
  await db.deleteFrom('apple_pass_registrations').where('serial_number', '=', serialNumber).where('device_library_id', 'in', ids).execute();
  await deleteDevicesWithoutPasses(db, ids);
  return ids.length;
}

/** Removes the phone's registration for the pass, and the phone when it holds no other pass of ours. */
export async function unregisterApplePassDevice(db: Queryable, deviceLibraryId: string, serialNumber: string): Promise<void> {
  await db.deleteFrom('apple_pass_registrations').where('device_library_id', '=', deviceLibraryId).where('serial_number', '=', serialNumber).execute();
  await deleteDevicesWithoutPasses(db, [deviceLibraryId]);
}

/** Forgets the phone and all its registrations (APNs said its push token is no longer valid). */
export async function deleteApplePassDevice(db: Queryable, deviceLibraryId: string, pushToken: string): Promise<void> {
  // Only the token APNs refused: a phone that registered again since with a new token stays.
  await db.deleteFrom('apple_pass_devices').where('device_library_id', '=', deviceLibraryId).where('push_token', '=', pushToken).execute();
}

async function deleteDevicesWithoutPasses(db: Queryable, deviceLibraryIds: readonly string[]): Promise<void> {
  if (deviceLibraryIds.length === 0) return;
  await db
    .deleteFrom('apple_pass_devices')
    .where('device_library_id', 'in', [...deviceLibraryIds])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('apple_pass_registrations as r').select('r.serial_number').whereRef('r.device_library_id', '=', 'apple_pass_devices.device_library_id'))))
    .execute();
}

/** The serials of the phone's passes changed after `since` (all of them without it), with when each changed. */
export async function applePassesUpdatedSince(db: Queryable, deviceLibraryId: string, since: number | undefined): Promise<{ serial_number: string; updated_at: number }[]> {
  const rows = await db
    .selectFrom('apple_pass_registrations as r')
    .innerJoin('apple_passes as p', 'p.serial_number', 'r.serial_number')
    .select(['p.serial_number', 'p.updated_at'])
    .where('r.device_library_id', '=', deviceLibraryId)
    .$if(since !== undefined, (qb) => qb.where('p.updated_at', '>', since ?? 0))
    .orderBy('p.serial_number')
    .execute();
  return rows.map((row) => ({ serial_number: row.serial_number, updated_at: Number(row.updated_at) }));
}

/** Deletes the customer's passes (their serials stop answering) with every phone's registration for them. */
export async function deleteApplePassesOfCustomer(db: Queryable, customerId: string): Promise<void> {
  const cards = db.selectFrom('stamp_cards').select('id').where('customer_id', '=', customerId);
  const devices = await db
    .selectFrom('apple_pass_registrations as r')
    .innerJoin('apple_passes as p', 'p.serial_number', 'r.serial_number')
    .select('r.device_library_id')
    .where('p.card_id', 'in', cards)
    .distinct()
    .execute();
  await db.deleteFrom('apple_passes').where('card_id', 'in', cards).execute();
  await deleteDevicesWithoutPasses(db, devices.map((d) => d.device_library_id));
}

/** The cards of these claims (a hand-over or an expired claim changes its card's pass). */
export async function cardIdsOfRedemptions(db: Queryable, redemptionIds: readonly string[]): Promise<string[]> {
  if (redemptionIds.length === 0) return [];
  const rows = await db.selectFrom('redemptions').select('card_id').where('id', 'in', [...redemptionIds]).distinct().execute();
  return rows.map((row) => row.card_id);
}
