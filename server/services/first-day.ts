// The first-day checklist: a new store's way from registration to its first real stamp.
//   reward set      a reward is saved and its expiry date has not passed (else customers are refused);
//   flyer printed   the vendor exported or printed the flyer at least once (a flag set by the QR page);
//   first stamp     a customer collected a stamp with one of the store's codes.
import type { FirstDayStatus } from '../../src/api/contract/rewards';
import type { AppDeps } from '../deps';
import { findFlyerPrintedAt, hasAnyStamp, setFlyerPrintedAtOnce } from '../repositories/first-day';
import { findReward } from '../repositories/rewards';
import { rewardEnded } from './card-view';

export async function getFirstDayStatus(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string): Promise<FirstDayStatus | undefined> {
  const now = deps.now();
  const db = deps.db.kysely;
  const [vendor, reward, stamped] = await Promise.all([findFlyerPrintedAt(db, vendorId), findReward(db, vendorId), hasAnyStamp(db, vendorId)]);
  if (!vendor) return undefined;
  return {
    rewardSaved: reward !== undefined,
    rewardUsable: reward !== undefined && !rewardEnded(reward.expiry, now),
    rewardExpiry: reward?.expiry ?? null,
    flyerPrinted: vendor.flyer_printed_at !== null,
    firstStamp: stamped,
  };
}

/** Records the first export or print of the flyer; later ones keep the first date. False: no such vendor. */
export async function markFlyerPrinted(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string): Promise<boolean> {
  const vendor = await findFlyerPrintedAt(deps.db.kysely, vendorId);
  if (!vendor) return false;
  if (vendor.flyer_printed_at === null) await setFlyerPrintedAtOnce(deps.db.kysely, vendorId, deps.now());
  return true;
}
