// Offers: a running discount, exclusive offer or limited-time campaign shows its title, description and
// items on the card page of each customer it is meant for, and on the store's counter screen.
import { OFFER_PROMOTION_TYPES, type CampaignOffer } from '../../src/api/contract/campaigns';
import type { AppDeps } from '../deps';
import { isInAudience } from '../repositories/campaign-audience';
import { runningOffers, type CampaignRecord } from '../repositories/campaigns';
import { isHeldOut } from './campaign-split';
import { AUDIENCE_WINDOW_DAYS, DAILY_VISITOR_DAYS, WEEKLY_VISITOR_VISITS } from './campaigns';
import { storeTimeZoneOf, utcOffsetSpans } from './store-day';

const DAY_MS = 86_400_000;

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** Every offer running now at the store: the counter honours them all, whoever they were sent to. */
export async function storeOffers(deps: Deps, vendorId: string): Promise<CampaignOffer[]> {
  return (await runningOffers(deps.db.kysely, vendorId, OFFER_PROMOTION_TYPES, deps.now())).map(toOffer);
}

/**
 * The offers running now that are meant for this customer: in the campaign's audience (over the 30 days
 * before its start, in the store's days, the query the form counted) and, with A/B testing, not in the
 * held-out half.
 */
export async function customerOffers(deps: Deps, vendorId: string, customerId: string): Promise<CampaignOffer[]> {
  const db = deps.db.kysely;
  const running = await runningOffers(db, vendorId, OFFER_PROMOTION_TYPES, deps.now());
  const candidates = running.filter((campaign) => campaign.ab_testing !== 1 || !isHeldOut(campaign.id, customerId));
  const timeZone = candidates.some((campaign) => campaign.audience !== 'all') ? await storeTimeZoneOf(db, vendorId) : null;
  const meant: CampaignOffer[] = [];
  for (const campaign of candidates) {
    const from = campaign.start_at - AUDIENCE_WINDOW_DAYS * DAY_MS;
    const window = { from, until: campaign.start_at, dailyDays: DAILY_VISITOR_DAYS, weeklyVisits: WEEKLY_VISITOR_VISITS, storeOffsets: utcOffsetSpans(timeZone, from, campaign.start_at) };
    if (campaign.audience === 'all' || (await isInAudience(db, vendorId, customerId, campaign.audience, window))) meant.push(toOffer(campaign));
  }
  return meant;
}

function toOffer(record: CampaignRecord): CampaignOffer {
  return {
    id: record.id,
    type: record.promotion_type as CampaignOffer['type'],
    title: record.title,
    description: record.description,
    items: JSON.parse(record.items) as string[],
    endsAt: new Date(record.end_at).toISOString(),
  };
}
