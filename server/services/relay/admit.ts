// The relay controls inside the scan transaction: count the stamp against its code's budget,
// record the signals the server can honestly know, and flag a code used from too many networks or by a
// device collecting at several stores within minutes. Called from one place in services/stamping.ts.
import type { Transaction } from 'kysely';
import type { RelayConfig } from '../../config';
import type { Database, StampKind } from '../../db/schema';
import {
  addCodeNetwork,
  ensureCodeUsage,
  flagCode,
  paceAndFloors,
  recordPace,
  saveStampSignals,
  storesOfCustomerSince,
  takeFromBudget,
  type FlagReason,
} from '../../repositories/relay';
import { codeKeyFor, MINUTE_MS, PACE_DAYS, paceDay, paceDaysBefore, stampBudget } from './budget';
import { networkPrefix } from './network';

/** Thrown inside the scan transaction (rolling it back) when the code has granted its budget. */
export class CodeBudgetSpent extends Error {
  constructor(readonly codeKey: string) {
    super(`code budget spent: ${codeKey}`);
  }
}

export interface RelayScan {
  vendorId: string;
  kind: StampKind;
  tokenId: string;
  /** When the counter code was issued (undefined for the flyer). */
  codeIssuedAt: number | undefined;
  clientAddress: string | undefined;
  customerId: string;
  /** This scan created the device credential. */
  newDevice: boolean;
  stampEventId: string;
  /** The store's time zone: the pace and the flyer's daily budget follow its days. */
  timeZone: string | null;
}

export interface RelayAdmission {
  codeKey: string;
  /** The code's alert appeared or changed with this stamp (the live feed is told after the commit). */
  alertChanged: boolean;
  /** The stamp counts toward the store's pace (addToStorePace): a relay must not raise its own next budget. */
  countsTowardPace: boolean;
}

/** The budget row's count after this stamp; creates the row (with the budget following the store's pace) on a code's first stamp. */
async function takeStamp(trx: Transaction<Database>, config: RelayConfig, scan: RelayScan, codeKey: string, now: number) {
  const taken = await takeFromBudget(trx, codeKey, now);
  if (taken) return taken;
  const today = paceDay(now, scan.timeZone);
  const pace = await paceAndFloors(trx, scan.vendorId, paceDaysBefore(today, PACE_DAYS, scan.timeZone), today);
  await ensureCodeUsage(trx, { key: codeKey, vendorId: scan.vendorId, kind: scan.kind, budget: stampBudget(scan.kind, pace, pace, config) }, now);
  const retried = await takeFromBudget(trx, codeKey, now);
  if (!retried) throw new CodeBudgetSpent(codeKey);
  return retried;
}

/**
 * Counts the stamp against its code's budget (throws CodeBudgetSpent past it), records the stamp's signals,
 * and flags the code when the signals say so; whether the stamp counts toward the store's pace (not when its
 * code is flagged) is for the caller to record with addToStorePace.
 */
export async function admitStamp(
  deps: { config: { relay: RelayConfig } },
  scan: RelayScan,
  now: number,
  trx: Transaction<Database>,
): Promise<RelayAdmission> {
  const config = deps.config.relay;
  const codeKey = codeKeyFor(scan.kind, scan.tokenId, now, scan.timeZone);
  const taken = await takeStamp(trx, config, scan, codeKey, now);
  const network = networkPrefix(scan.clientAddress);
  const networks = await addCodeNetwork(trx, codeKey, network, taken.networks);
  // A brand-new device has no history to look at.
  const deviceStores = scan.newDevice ? 1 : (await storesOfCustomerSince(trx, scan.customerId, now - config.deviceWindowMinutes * MINUTE_MS)).add(scan.vendorId).size;

  let reason: FlagReason | undefined;
  // The flyer is scanned from anywhere (a flyer taken home): its networks are no sign; its daily budget is the control.
  if (scan.kind === 'dynamic' && networks > config.networksPerCode) reason = 'networks';
  else if (deviceStores >= config.deviceStores) reason = 'device';
  const newlyFlagged = reason ? await flagCode(trx, codeKey, reason, now, taken.flagReason) : false;
  // A stamp on an already flagged code changes what its alert lists, so the vendor's page hears of it too.
  const alertChanged = newlyFlagged || taken.flaggedAt !== null;

  await saveStampSignals(trx, scan.stampEventId, {
    codeKey,
    clientNetwork: network,
    codeAgeMs: scan.codeIssuedAt === undefined ? null : Math.max(0, now - scan.codeIssuedAt),
    newDevice: scan.newDevice,
    codeStamps: taken.granted,
    codeNetworks: networks,
    deviceStores,
  });
  // A relay must not raise its own next budget: stamps of flagged codes stay out of the pace.
  return { codeKey, alertChanged, countsTowardPace: !alertChanged };
}

/**
 * Adds an admitted stamp to the store's pace (the busiest minute its budgets follow). The pace row is one per
 * store and day, and its UPDATE holds the row until the transaction ends: the scan runs this at its end, so
 * that concurrent scans at the store wait for its commit only.
 */
export async function addToStorePace(trx: Transaction<Database>, scan: Pick<RelayScan, 'vendorId' | 'kind' | 'timeZone'>, now: number): Promise<void> {
  await recordPace(trx, scan.vendorId, paceDay(now, scan.timeZone), Math.floor(now / MINUTE_MS) * MINUTE_MS, scan.kind);
}
