// Relay detection: the scan path's controls (admit.ts), the budget arithmetic (budget.ts),
// the client network (network.ts) and the vendor's review (review.ts). See docs/security.md, "Stamp integrity".
import type { AppDeps } from '../../deps';
import { recordBudgetRefusal } from '../../repositories/relay';
import { announceAlert } from './review';

export { addToStorePace, admitStamp, CodeBudgetSpent, type RelayAdmission, type RelayScan } from './admit';
export { announceAlert, listRelayAlerts, voidCode, getBudgetSettings, updateBudgetSettings, alertMessage } from './review';
export { stampBudget, codeKeyFor } from './budget';
export { networkPrefix } from './network';

/**
 * A scan the budget refused: counted on the code and the code flagged, after the scan's transaction rolled
 * back. The vendor's pages hear of the first refusal and then of every tenth (a relay in full swing must not
 * make every open page reload its alerts on each refused phone).
 */
export async function refuseOverBudget(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>, codeKey: string): Promise<void> {
  const refusal = await recordBudgetRefusal(deps.db.kysely, codeKey, deps.now());
  if (refusal && (refusal.refused === 1 || refusal.refused % 10 === 0)) announceAlert(deps, refusal.vendorId, codeKey);
}
