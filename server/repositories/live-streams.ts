// SQL for the places of open live feeds: one row per open feed, at most `max` per vendor,
// whichever server holds it. Places are numbered and unique per vendor, so two servers racing for the
// last one cannot both win; a place whose lease ran out (its server died) is free again.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface StreamPlace {
  id: string;
  vendorId: string;
  owner: string;
  now: number;
  ttlMs: number;
}

/** Takes a free place for the feed; false when all `max` places of the vendor are held. */
export async function takeStreamPlace(db: Kysely<Database>, place: StreamPlace, max: number): Promise<boolean> {
  await db.deleteFrom('live_streams').where('vendor_id', '=', place.vendorId).where('expires_at', '<=', place.now).execute();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const held = new Set((await db.selectFrom('live_streams').select('slot').where('vendor_id', '=', place.vendorId).execute()).map((r) => r.slot));
    const free = Array.from({ length: max }, (_, slot) => slot).filter((slot) => !held.has(slot));
    if (free.length === 0) return false;
    for (const slot of free) {
      const result = await db
        .insertInto('live_streams')
        .values({ id: place.id, vendor_id: place.vendorId, slot, owner: place.owner, expires_at: place.now + place.ttlMs })
        .onConflict((oc) => oc.columns(['vendor_id', 'slot']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    }
  }
  return false;
}

export async function renewStreamPlace(db: Kysely<Database>, id: string, expiresAt: number): Promise<void> {
  await db.updateTable('live_streams').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function freeStreamPlace(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('live_streams').where('id', '=', id).execute();
}

/** A stopping server frees every place it holds at once. */
export async function freeStreamPlacesOf(db: Kysely<Database>, owner: string): Promise<void> {
  await db.deleteFrom('live_streams').where('owner', '=', owner).execute();
}
