// The store's reward settings: how many stamps a scan may give, whether a full card claims itself, and
// when stamps expire. A store that never saved them keeps the behaviour it always had (see DEFAULT_REWARD_SETTINGS).
import type { RewardSettings } from '../../src/api/contract/rewards';
import type { AppDeps } from '../deps';
import { badRequest, textError } from '../http-errors';
import { findReward, vendorExists } from '../repositories/rewards';
import { findRewardSettings, upsertRewardSettings } from '../repositories/reward-settings';

/**
 * Unsaved settings change nothing for a store's customers: one stamp a visit, claims by the customer's
 * button, stamps that never expire. Switching on a behaviour that changes customers' cards is the owner's choice.
 */
export const DEFAULT_REWARD_SETTINGS: Readonly<RewardSettings> = Object.freeze({ stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: null });

export async function getRewardSettings(deps: Pick<AppDeps, 'db'>, vendorId: string): Promise<RewardSettings> {
  return (await findRewardSettings(deps.db.kysely, vendorId)) ?? { ...DEFAULT_REWARD_SETTINGS };
}

/**
 * Saves the settings; the max per transaction may not exceed the card size (one scan never gives more
 * than a whole card), so a scan can complete at most one card.
 */
export async function saveRewardSettings(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string, input: RewardSettings): Promise<RewardSettings> {
  if (!(await vendorExists(deps.db.kysely, vendorId))) throw textError(404, 'commonRefusals.storeGone');
  const reward = await findReward(deps.db.kysely, vendorId);
  if (reward && input.maxPerTransaction > reward.stamps) {
    throw badRequest(`maxPerTransaction must be at most the card size (${reward.stamps})`, [
      { field: 'maxPerTransaction', message: `must be at most the card size (${reward.stamps})` },
    ]);
  }
  await upsertRewardSettings(deps.db.kysely, vendorId, input, deps.now());
  return input;
}

/** Stamps a scan of a code gives: the code's count in per-item mode, within the max and the card size; else 1. */
export function stampsForScan(settings: RewardSettings, codeCount: number, cardSize: number): number {
  if (settings.stampMode !== 'per-item') return 1;
  return Math.max(1, Math.min(codeCount, settings.maxPerTransaction, cardSize));
}

/**
 * The stamps a new counter code may carry: 1 unless the store is in per-item mode, where more than the
 * max per transaction is refused (400) rather than quietly lowered, so the counter never shows a wrong number.
 */
export async function codeStampCount(deps: Pick<AppDeps, 'db'>, vendorId: string, asked: number): Promise<number> {
  if (asked === 1) return 1;
  const settings = await getRewardSettings(deps, vendorId);
  const allowed = settings.stampMode === 'per-item' ? settings.maxPerTransaction : 1;
  if (asked > allowed) throw badRequest(`count must be at most ${allowed}`, [{ field: 'count', message: `must be at most ${allowed}` }]);
  return asked;
}
