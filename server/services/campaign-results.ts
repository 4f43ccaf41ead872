// Did a campaign work? Return visits per day since its start for the messaged half and the held-out half
// (A/B testing on), or for the audience against its own previous 30 days (off), and the difference
// per 100 customers with its 95% interval once there is enough to tell.
import type { CampaignDay, CampaignResults, CustomerFrequency } from '../../src/api/contract/campaigns';
import type { AppDeps } from '../deps';
import { notFound } from '../http-errors';
import { audienceCustomerIds, storeVisits, type AudienceWindow } from '../repositories/campaign-audience';
import { cardHoldersBefore, findCampaign } from '../repositories/campaigns';
import { isHeldOut } from './campaign-split';
import { AUDIENCE_WINDOW_DAYS, CAMPAIGN_NOT_FOUND_MESSAGE, DAILY_VISITOR_DAYS, WEEKLY_VISITOR_VISITS } from './campaigns';
import { differenceOfMeans, meanWithInterval, MINIMUM_GROUP_SIZE, scaled } from './campaign-statistics';
import { calendarOfStore, storeDate } from './store-day';

const DAY_MS = 86_400_000;
const PER_HUNDRED = 100;

type Deps = Pick<AppDeps, 'db' | 'now'>;

/**
 * Days are the store's calendar days (UTC days for a store without a time zone): the launch day counts
 * from the launch, and a customer stamped at 23:30 and again at 00:30 came on two days.
 */
export async function campaignResults(deps: Deps, vendorId: string, campaignId: string): Promise<CampaignResults> {
  const campaign = await findCampaign(deps.db.kysely, vendorId, campaignId);
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND_MESSAGE);
  const start = campaign.start_at;
  const stoppedAt = Math.min(deps.now(), campaign.end_at, campaign.ended_at ?? Number.POSITIVE_INFINITY);
  const windowStart = start - AUDIENCE_WINDOW_DAYS * DAY_MS;
  const calendar = await calendarOfStore(deps.db.kysely, vendorId);
  const startDay = calendar.dayOf(start);
  const offsets = calendar.offsets(windowStart, Math.max(stoppedAt, start));
  const before = stoppedAt > windowStart ? await storeVisits(deps.db.kysely, vendorId, windowStart, Math.min(stoppedAt, start), offsets) : [];
  const during = stoppedAt > start ? await storeVisits(deps.db.kysely, vendorId, start, stoppedAt, offsets) : [];
  // Store days numbered from the launch day: 0, 1, …; the 30 days before the launch are negative.
  const daysBefore = new Map<string, number[]>();
  const daysDuring = new Map<string, number[]>();
  for (const { customerId, day } of before) daysBefore.set(customerId, [...(daysBefore.get(customerId) ?? []), day - startDay]);
  for (const { customerId, day } of during) daysDuring.set(customerId, [...(daysDuring.get(customerId) ?? []), day - startDay]);
  const audience = await audienceAtStart(deps, vendorId, campaign.audience as CustomerFrequency, {
    from: windowStart,
    until: start,
    dailyDays: DAILY_VISITOR_DAYS,
    weeklyVisits: WEEKLY_VISITOR_VISITS,
    storeOffsets: calendar.offsets(windowStart, start),
  });
  const elapsedDays = stoppedAt > start ? calendar.dayOf(stoppedAt - 1) - startDay + 1 : 0;
  /** Store days over since the launch, the launch day included. */
  const fullDays = stoppedAt > start ? calendar.dayOf(stoppedAt) - startDay : 0;
  const abTesting = campaign.ab_testing === 1;
  const heldOut = abTesting ? audience.filter((customerId) => isHeldOut(campaignId, customerId)) : [];
  const heldOutSet = new Set(heldOut);
  const messaged = audience.filter((customerId) => !heldOutSet.has(customerId));

  const days: CampaignDay[] = Array.from({ length: elapsedDays }, (_, day) => ({
    at: day === 0 ? start : calendar.dayStart(startDay + day),
    date: storeDate(startDay + day),
    messaged: 0,
    ...(abTesting ? { heldOut: 0 } : {}),
  }));
  for (const customerId of audience) {
    for (const day of daysDuring.get(customerId) ?? []) {
      const entry = days[day];
      if (!entry) continue;
      if (heldOutSet.has(customerId)) entry.heldOut = (entry.heldOut ?? 0) + 1;
      else entry.messaged += 1;
    }
  }
  /** Return visits on the store days over since the launch (one per store day with a stamp, as the audience counts them). */
  const visitsDuring = (customerId: string) => (daysDuring.get(customerId) ?? []).filter((day) => day < fullDays).length;
  const visitsBefore = (customerId: string) => (daysBefore.get(customerId) ?? []).length;
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
 * The campaign's audience as it stood at its start, by the query the form counted before launch (visits in
 * the 30 days before the start); all = every card made before the start,
 * as only they have a before to compare with.
 */
async function audienceAtStart(deps: Deps, vendorId: string, frequency: CustomerFrequency, window: AudienceWindow): Promise<string[]> {
  if (frequency === 'all') return cardHoldersBefore(deps.db.kysely, vendorId, window.until);
  return audienceCustomerIds(deps.db.kysely, vendorId, frequency, window);
}
