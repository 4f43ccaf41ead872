// The counter confirms that a claimed reward was handed over — exactly once — and claims nobody
// confirms in time expire and give their stamps back. Every change is announced on the activity bus as
// the claim's own 'redemption' notice, so open feeds redraw that line with its new status.
import type { ActorRecord } from './actors';
import type { ActivityItem } from '../../src/api/contract/activity';
import type { HandoverScreen } from '../../src/api/contract/handover';
import type { AppDeps } from '../deps';
import { textError } from '../http-errors';
import { findActivityRow } from '../repositories/activity';
import {
  claimCounts,
  findPendingByCode,
  findRedemption,
  lockCardOfClaim,
  markExpired,
  markGiven,
  overdueClaims,
  pendingClaims,
  type ClaimScope,
} from '../repositories/handover';
import { toActivityItems } from './activity';
import { normalizeHandoverCode } from './handover-code';
import { inTransaction } from '../db/transactions';
import { enqueueGoogleWalletUpdates } from './google-wallet-updates';
import { applePassOfClaimChanged } from './apple-pass-updates';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';

/** How many overdue claims one sweep settles (the next sweep takes the rest). */
const SWEEP_BATCH = 500;
/** How often the background sweep runs: expiries show on cards and dashboards within this. */
export const EXPIRY_SWEEP_MS = 30_000;

type Deps = Pick<AppDeps, 'db' | 'now' | 'activityBus'>;

/** Expires the overdue pending claims in `scope`; answers how many this call expired. */
export async function expireOverdueClaims(deps: Deps, scope: ClaimScope = {}): Promise<number> {
  const now = deps.now();
  const overdue = await overdueClaims(deps.db.kysely, scope, now, SWEEP_BATCH);
  let expired = 0;
  for (const claim of overdue) {
    const won = await inTransaction(deps.db.kysely, async (trx) => {
      // The card first, as every writer of a card's claims takes it (see lockCardOfClaim).
      if (deps.db.dialect === 'postgres') await lockCardOfClaim(trx, claim.id);
      if (!(await markExpired(trx, claim.id, now))) return false;
      await enqueueGoogleWalletUpdates(trx, now, [claim.card_id]);
      await applePassOfClaimChanged(trx, now, claim.id);
      return true;
    });
    if (!won) continue;
    expired += 1;
    deps.activityBus.publish({ type: 'redemption', vendorId: claim.vendor_id, id: claim.id });
  }
  return expired;
}

async function itemFor(deps: Pick<AppDeps, 'db'>, vendorId: string, id: string, locale: Locale): Promise<ActivityItem> {
  const row = await findActivityRow(deps.db.kysely, 'redemption', id);
  if (!row || row.vendor_id !== vendorId) throw textError(404, 'handoverRefusals.claimNotFound');
  const [item] = await toActivityItems(deps, vendorId, [row], deps.db.kysely, locale);
  return item;
}

/**
 * Marks the claim given (now, on `screen`). 404 for a claim of another store (no hint that it exists),
 * 409 when it was already handed over — the loser of two simultaneous confirmations gets this — and
 * 410 when it expired first. The item answered names the customer in `locale` (the confirming page's language).
 */
export async function confirmHandover(
  deps: Deps,
  vendorId: string,
  redemptionId: string,
  screen: HandoverScreen,
  by?: ActorRecord,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ActivityItem> {
  const now = deps.now();
  const given = await inTransaction(deps.db.kysely, async (trx) => {
    // The card first, as every writer of a card's claims takes it (see lockCardOfClaim).
    if (deps.db.dialect === 'postgres') await lockCardOfClaim(trx, redemptionId);
    if (!(await markGiven(trx, vendorId, redemptionId, screen, now, by))) return false;
    const claim = await findRedemption(trx, redemptionId);
    if (claim) await enqueueGoogleWalletUpdates(trx, now, [claim.card_id]);
    await applePassOfClaimChanged(trx, now, redemptionId);
    return true;
  });
  if (!given) {
    const claim = await findRedemption(deps.db.kysely, redemptionId);
    if (!claim || claim.vendor_id !== vendorId) throw textError(404, 'handoverRefusals.claimNotFound');
    if (claim.status === 'given') throw textError(409, 'handoverRefusals.alreadyGiven');
    // Pending but past its deadline: settle it now rather than wait for the sweep.
    await expireOverdueClaims(deps, { id: redemptionId });
    throw textError(410, 'handoverRefusals.claimExpired');
  }
  deps.activityBus.publish({ type: 'redemption', vendorId, id: redemptionId });
  return itemFor(deps, vendorId, redemptionId, locale);
}

/** The same, for the code staff typed from the customer's screen. 404 when no pending claim shows it. */
export async function confirmHandoverByCode(
  deps: Deps,
  vendorId: string,
  typedCode: string,
  screen: HandoverScreen,
  by?: ActorRecord,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ActivityItem> {
  const code = normalizeHandoverCode(typedCode);
  const claim = await findPendingByCode(deps.db.kysely, vendorId, code);
  if (!claim) throw textError(404, 'handoverRefusals.codeNotFound', { code });
  return confirmHandover(deps, vendorId, claim.id, screen, by, locale);
}

/** Claims waiting at the counter, oldest first (overdue ones are expired first). */
export async function listPendingClaims(deps: Deps, vendorId: string, limit = 100, locale: Locale = DEFAULT_LOCALE): Promise<ActivityItem[]> {
  await expireOverdueClaims(deps, { vendorId });
  const rows = await pendingClaims(deps.db.kysely, vendorId, limit);
  const activityRows = await Promise.all(rows.map((row) => findActivityRow(deps.db.kysely, 'redemption', row.id)));
  return toActivityItems(deps, vendorId, activityRows.filter((row) => row !== undefined), deps.db.kysely, locale);
}

/** The dashboard's outstanding rewards: pending, given and expired claims (overdue ones expired first). */
export async function outstandingClaims(deps: Deps, vendorId: string) {
  await expireOverdueClaims(deps, { vendorId });
  return claimCounts(deps.db.kysely, vendorId);
}

/** Runs the expiry sweep every EXPIRY_SWEEP_MS until stopped; errors are reported, never thrown. */
export function startExpirySweep(deps: Deps, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireOverdueClaims(deps)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
