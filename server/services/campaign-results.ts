// Did a campaign work? Return visits per day since its start for the messaged half and the held-out half
// (A/B testing on), or for the audience against its own previous 30 days (off), and the difference
// per 100 customers with its 95% interval once there is enough to tell.
import type { CampaignDay, CampaignResults, CustomerFrequency } from '../../src/api/contract/campaigns';
import type { AppDeps } from '../deps';
import { notFound } from '../http-errors';
import { cardHoldersBefore, findCampaign, visitDays } from '../repositories/campaigns';
import { isHeldOut } from './campaign-split';
import { AUDIENCE_WINDOW_DAYS, CAMPAIGN_NOT_FOUND_MESSAGE, DAILY_VISITOR_DAYS, WEEKLY_VISITOR_VISITS } from './campaigns';
import { differenceOfMeans, meanWithInterval, MINIMUM_GROUP_SIZE, scaled } from './campaign-statistics';

const DAY_MS = 86_400_000;
const PER_HUNDRED = 100;

type Deps = Pick<AppDeps, 'db' | 'now'>;

export async function campaignResults(deps: Deps, vendorId: string, campaignId: string): Promise<CampaignResults> {
  const campaign = await findCampaign(deps.db.kysely, vendorId, campaignId);
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND_MESSAGE);
  const start = campaign.start_at;
  const stoppedAt = Math.min(deps.now(), campaign.end_at, campaign.ended_at ?? Number.POSITIVE_INFINITY);
  const windowStart = start - AUDIENCE_WINDOW_DAYS * DAY_MS;
  const visits = stoppedAt > windowStart ? await visitDays(deps.db.kysely, vendorId, windowStart, Math.max(stoppedAt, start)) : [];
  // Day periods numbered from the campaign's start: the 30 before it are −30 … −1.
  const byCustomer = new Map<string, number[]>();
  const stampsBeforeStart = new Map<string, number>();
  for (const { customerId, day, stamps } of visits) {
    const days = byCustomer.get(customerId) ?? [];
    days.push(day - AUDIENCE_WINDOW_DAYS);
    byCustomer.set(customerId, days);
    if (day < AUDIENCE_WINDOW_DAYS) stampsBeforeStart.set(customerId, (stampsBeforeStart.get(customerId) ?? 0) + stamps);
  }
  const audience = await audienceAtStart(deps, vendorId, campaign.audience as CustomerFrequency, start, byCustomer, stampsBeforeStart);
  const elapsedDays = stoppedAt > start ? Math.ceil((stoppedAt - start) / DAY_MS) : 0;
  const fullDays = stoppedAt > start ? Math.floor((stoppedAt - start) / DAY_MS) : 0;
  const abTesting = campaign.ab_testing === 1;
  const heldOut = abTesting ? audience.filter((customerId) => isHeldOut(campaignId, customerId)) : [];
  const heldOutSet = new Set(heldOut);
  const messaged = audience.filter((customerId) => !heldOutSet.has(customerId));

  const days: CampaignDay[] = Array.from({ length: elapsedDays }, (_, day) => ({ at: start + day * DAY_MS, messaged: 0, ...(abTesting ? { heldOut: 0 } : {}) }));
  for (const customerId of audience) {
    for (const day of byCustomer.get(customerId) ?? []) {
      const entry = days[day];
      if (!entry) continue;
      if (heldOutSet.has(customerId)) entry.heldOut = (entry.heldOut ?? 0) + 1;
      else entry.messaged += 1;
    }
  }
  /** Return visits in the full day periods since the start (a visit = a day period with a stamp). */
  const visitsDuring = (customerId: string) => (byCustomer.get(customerId) ?? []).filter((day) => day >= 0 && day < fullDays).length;
  const visitsBefore = (customerId: string) => (byCustomer.get(customerId) ?? []).filter((day) => day < 0).length;
  const base = { messaged: messaged.length, heldOut: heldOut.length, days, minimumGroup: MINIMUM_GROUP_SIZE, fullDays };

  if (abTesting) {
    const effect = fullDays > 0 ? differenceOfMeans(messaged.map(visitsDuring), heldOut.map(visitsDuring)) : undefined;
    return { mode: 'ab', ...base, ...(effect ? { effect: scaled(effect, PER_HUNDRED) } : {}) };
  }
  const baselinePerDay = audience.reduce((sum, customerId) => sum + visitsBefore(customerId), 0) / AUDIENCE_WINDOW_DAYS;
  // Each customer against themselves: visits per day during the campaign minus per day in the 30 days before.
  const effect = fullDays > 0 ? meanWithInterval(audience.map((customerId) => visitsDuring(customerId) / fullDays - visitsBefore(customerId) / AUDIENCE_WINDOW_DAYS)) : undefined;
  return { mode: 'before-after', ...base, baselinePerDay, ...(effect ? { effect: scaled(effect, PER_HUNDRED) } : {}) };
}

/**
 * The campaign's audience as it stood at its start, by the same rule the form counted before launch:
 * stamps (days, for daily visitors) in the 30 days before the start; all = every card made before it.
 */
async function audienceAtStart(
  deps: Deps,
  vendorId: string,
  frequency: CustomerFrequency,
  start: number,
  byCustomer: ReadonlyMap<string, number[]>,
  stampsBeforeStart: ReadonlyMap<string, number>,
): Promise<string[]> {
  if (frequency === 'all') return cardHoldersBefore(deps.db.kysely, vendorId, start);
  if (frequency === 'daily') return [...byCustomer].filter(([, days]) => days.filter((day) => day < 0).length >= DAILY_VISITOR_DAYS).map(([customerId]) => customerId);
  const minimumStamps = frequency === 'weekly' ? WEEKLY_VISITOR_VISITS : 1;
  return [...stampsBeforeStart].filter(([, stamps]) => stamps >= minimumStamps).map(([customerId]) => customerId);
}
