// The first-day checklist (issue 15): a new store's way from registration to its first real stamp.
//   reward set      a reward is saved and its expiry date has not passed (else customers are refused);
//   flyer printed   the vendor exported or printed the flyer at least once (a flag set by the QR page);
//   first stamp     a customer collected a stamp with one of the store's codes.
import type { FirstDayStatus } from '../../src/api/contract/rewards';
import type { Db } from '../db';
import { findReward } from '../repositories/rewards';
import { rewardEnded } from './card-view';

export async function getFirstDayStatus(db: Db, vendorId: string, now: number): Promise<FirstDayStatus | undefined> {
  const [vendor, reward, stamp] = await Promise.all([
    db.kysely.selectFrom('vendors').select('flyer_printed_at').where('id', '=', vendorId).executeTakeFirst(),
    findReward(db.kysely, vendorId),
    db.kysely.selectFrom('stamp_events').select('id').where('vendor_id', '=', vendorId).limit(1).executeTakeFirst(),
  ]);
  if (!vendor) return undefined;
  return {
    rewardSaved: reward !== undefined,
    rewardUsable: reward !== undefined && !rewardEnded(reward.expiry, now),
    rewardExpiry: reward?.expiry ?? null,
    flyerPrinted: vendor.flyer_printed_at !== null,
    firstStamp: stamp !== undefined,
  };
}

/** Records the first export or print of the flyer; later ones keep the first date. False: no such vendor. */
export async function markFlyerPrinted(db: Db, vendorId: string, now: number): Promise<boolean> {
  const vendor = await db.kysely.selectFrom('vendors').select('flyer_printed_at').where('id', '=', vendorId).executeTakeFirst();
  if (!vendor) return false;
  if (vendor.flyer_printed_at === null) {
    await db.kysely.updateTable('vendors').set({ flyer_printed_at: now }).where('id', '=', vendorId).where('flyer_printed_at', 'is', null).execute();
  }
  return true;
}
