// Bonus stamps: while a bonus-stamps campaign runs, each stamp of a customer in its audience (and not in
// its held-out half) comes with a second one, paid from the campaign's budget until it is spent.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { audienceMembers } from '../repositories/campaign-audience';
import { campaignClock, spendOnBonusStamps } from '../repositories/campaigns';
import { bonusStampsBeside } from '../repositories/stamp-events';
import { AUDIENCE_WINDOW_DAYS, DAILY_VISITOR_DAYS, WEEKLY_VISITOR_VISITS } from './campaigns';
import { isHeldOut } from './campaign-split';
import { utcOffsetSpans } from './store-day';

const DAY_MS = 86_400_000;

/**
 * What one bonus stamp costs the store, in cents: the reward item's price spread over the punches that
 * earn it, rounded up to a whole cent so the budget is never overspent. Null when the reward has no
 * price (a custom reward, an unpriced item): the budget cannot be counted, so no bonus is given.
 */
export function bonusStampCostCents(rewardPriceCents: number | null, punchesRequired: number): number | null {
  if (rewardPriceCents === null || punchesRequired < 1) return null;
  return Math.ceil(rewardPriceCents / punchesRequired);
}

export interface BonusChance {
  campaignId: string;
  customerId: string;
  rewardPriceCents: number | null;
  punchesRequired: number;
  /** Stamps this scan gives before the bonus (per-item mode gives several: each gets its bonus). */
  given: number;
  now: number;
}

export interface EarnedBonus {
  /** 0 or `given`. */
  stamps: number;
  /** What each of them cost the campaign, in cents. */
  costCentsEach: number;
}

/** How many bonus stamps this scan earns, the budget spent inside the stamp's transaction. */
export async function earnBonusStamps(trx: Transaction<Database>, chance: BonusChance): Promise<EarnedBonus> {
  const cost = bonusStampCostCents(chance.rewardPriceCents, chance.punchesRequired);
  if (cost === null) return { stamps: 0, costCentsEach: 0 };
  const clock = await campaignClock(trx, chance.campaignId);
  if (!clock) return { stamps: 0, costCentsEach: 0 };
  const from = clock.start_at - AUDIENCE_WINDOW_DAYS * DAY_MS;
  // The audience as the form counted it before launch: the 30 days before the start, in the store's days.
  const audience = audienceMembers(trx, clock.vendor_id, clock.audience, {
    from,
    until: clock.start_at,
    dailyDays: DAILY_VISITOR_DAYS,
    weeklyVisits: WEEKLY_VISITOR_VISITS,
    storeOffsets: utcOffsetSpans(clock.time_zone, from, clock.start_at),
  }, chance.customerId);
  const spent = await spendOnBonusStamps(trx, {
    campaignId: chance.campaignId,
    costCents: cost * chance.given,
    stamps: chance.given,
    heldOut: isHeldOut(chance.campaignId, chance.customerId),
    now: chance.now,
  }, audience);
  return spent ? { stamps: chance.given, costCentsEach: cost } : { stamps: 0, costCentsEach: 0 };
}

/** The token a scan's bonus stamp carries beside the stamp with `baseTokenId` (the scan's k-th stamp gets the k-th bonus). */
export function bonusTokenOf(baseTokenId: string): string {
  const numbered = /^(.*)#(\d+)$/.exec(baseTokenId);
  return numbered ? `${numbered[1]}#bonus${numbered[2]}` : `${baseTokenId}#bonus1`;
}

export interface BonusCompanion {
  id: string;
  card_id: string;
  created_at: number;
}

/**
 * The live bonus stamps that came with these stamps: voiding a stamp voids the bonus it earned (its campaign
 * gets the cost back), as the visit it doubled never counted. A bonus stamp itself has no companion.
 */
export async function bonusCompanionsOf(trx: Transaction<Database>, stampIds: readonly string[]): Promise<BonusCompanion[]> {
  const candidates = await bonusStampsBeside(trx, stampIds);
  return candidates
    .filter((candidate) => candidate.tokenId === bonusTokenOf(candidate.baseTokenId))
    .map(({ id, card_id, created_at }) => ({ id, card_id, created_at }));
}
