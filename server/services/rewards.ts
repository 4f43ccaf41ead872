// The punch-card reward: the default reward when none is saved, and the rules a saved one must follow.
import type { RewardResponse, RewardSetup } from '../../src/api/contract/rewards';
import type { AppDeps } from '../deps';
import { badRequest, type FieldProblem, textError } from '../http-errors';
import { findReward, listItemNames, upsertReward, vendorExists, vendorHasItem } from '../repositories/rewards';
import { cardsByStamps } from '../repositories/reward-settings';
import { DEFAULT_REWARD_EXPIRY, DEFAULT_REWARD_STAMPS, MAX_ITEM_CUSTOM_LENGTH, MAX_STAMPS, MIN_STAMPS } from '../../src/api/contract/limits';

/** What GET answers before the vendor has saved anything. */
export const DEFAULT_REWARD: Readonly<RewardSetup> = Object.freeze({ stamps: DEFAULT_REWARD_STAMPS, item: null, itemCustom: null, expiry: DEFAULT_REWARD_EXPIRY });

export { MAX_ITEM_CUSTOM_LENGTH, MAX_STAMPS, MIN_STAMPS };

export async function getRewardSetup(deps: Pick<AppDeps, 'db'>, vendorId: string): Promise<RewardResponse> {
  const { db } = deps;
  const [saved, items, cards] = await Promise.all([findReward(db.kysely, vendorId), listItemNames(db.kysely, vendorId), cardsByStamps(db.kysely, vendorId)]);
  const reward: RewardSetup = saved
    ? { stamps: saved.stamps, item: saved.item_id, itemCustom: saved.item_custom, expiry: saved.expiry }
    : { ...DEFAULT_REWARD };
  // The cards customers are collecting on: the form warns what a new card size does to them.
  return { reward, items: items.map((item) => ({ _id: item.id, name: item.name })), cardsByStamps: cards };
}

/** Validates and stores the vendor's reward; a 400 names the field at fault and nothing is written. */
export async function saveRewardSetup(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string, input: RewardSetup): Promise<RewardSetup> {
  const { db } = deps;
  const problems: FieldProblem[] = [];
  if (!Number.isInteger(input.stamps) || input.stamps < MIN_STAMPS || input.stamps > MAX_STAMPS) {
    problems.push({ field: 'stamps', message: `must be a whole number from ${MIN_STAMPS} to ${MAX_STAMPS}` });
  }
  if (!isCalendarDate(input.expiry)) {
    problems.push({ field: 'expiry', message: 'must be a real date written YYYY-MM-DD' });
  }
  // An empty item id means "no menu item", the same as null.
  const itemId = input.item === null || input.item === '' ? null : input.item;
  const itemCustom = input.itemCustom?.trim() ?? '';
  if (itemId === null) {
    if (itemCustom === '') problems.push({ field: 'itemCustom', message: 'must name the qualifying item when no menu item is chosen' });
    else if (itemCustom.length > MAX_ITEM_CUSTOM_LENGTH) problems.push({ field: 'itemCustom', message: `must be at most ${MAX_ITEM_CUSTOM_LENGTH} characters` });
  }
  if (problems.length === 0 && !(await vendorExists(db.kysely, vendorId))) throw textError(404, 'commonRefusals.storeGone');
  if (problems.length === 0 && itemId !== null && !(await vendorHasItem(db.kysely, vendorId, itemId))) {
    problems.push({ field: 'item', message: 'must be one of your menu items' });
  }
  if (problems.length > 0) {
    const [first] = problems;
    throw badRequest(`${first.field} ${first.message}`, problems);
  }

  // A chosen menu item wins: custom text is only kept for "Other".
  const reward: RewardSetup = { stamps: input.stamps, item: itemId, itemCustom: itemId === null ? itemCustom : null, expiry: input.expiry };
  await upsertReward(db.kysely, { vendorId, stamps: reward.stamps, itemId: reward.item, itemCustom: reward.itemCustom, expiry: reward.expiry }, deps.now());
  return reward;
}

/** YYYY-MM-DD naming a day that exists (2025-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
