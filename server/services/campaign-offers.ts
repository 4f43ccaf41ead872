// Offers: a running discount, exclusive offer or limited-time campaign shows its title, description and
// items on the card page of each customer it is meant for, and on the store's counter screen.
import { OFFER_PROMOTION_TYPES, type CampaignOffer } from '../../src/api/contract/campaigns';
import type { AppDeps } from '../deps';
import { customerStampTimes, runningOffers, type CampaignRecord } from '../repositories/campaigns';
import { isHeldOut } from './campaign-split';
import { AUDIENCE_WINDOW_DAYS, DAILY_VISITOR_DAYS, WEEKLY_VISITOR_VISITS } from './campaigns';

const DAY_MS = 86_400_000;

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** Every offer running now at the store: the counter honours them all, whoever they were sent to. */
export async function storeOffers(deps: Deps, vendorId: string): Promise<CampaignOffer[]> {
  return (await runningOffers(deps.db.kysely, vendorId, OFFER_PROMOTION_TYPES, deps.now())).map(toOffer);
}

/**
 * The offers running now that are meant for this customer: in the campaign's audience (by their stamps in
 * the 30 days before its start, as the form counted them) and, with A/B testing, not in the held-out half.
 */
export async function customerOffers(deps: Deps, vendorId: string, customerId: string): Promise<CampaignOffer[]> {
  const running = await runningOffers(deps.db.kysely, vendorId, OFFER_PROMOTION_TYPES, deps.now());
  const candidates = running.filter((campaign) => campaign.ab_testing !== 1 || !isHeldOut(campaign.id, customerId));
  const segmented = candidates.filter((campaign) => campaign.audience !== 'all');
  const stampTimes =
    segmented.length === 0
      ? []
      : await customerStampTimes(
          deps.db.kysely,
          vendorId,
          customerId,
          Math.min(...segmented.map((c) => c.start_at)) - AUDIENCE_WINDOW_DAYS * DAY_MS,
          Math.max(...segmented.map((c) => c.start_at)),
        );
  return candidates.filter((campaign) => inAudience(campaign, stampTimes)).map(toOffer);
}

function inAudience(campaign: CampaignRecord, stampTimes: readonly number[]): boolean {
  if (campaign.audience === 'all') return true;
  const before = stampTimes.filter((at) => at >= campaign.start_at - AUDIENCE_WINDOW_DAYS * DAY_MS && at < campaign.start_at);
  if (campaign.audience === 'daily') return new Set(before.map((at) => Math.floor(at / DAY_MS))).size >= DAILY_VISITOR_DAYS;
  return before.length >= (campaign.audience === 'weekly' ? WEEKLY_VISITOR_VISITS : 1);
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
