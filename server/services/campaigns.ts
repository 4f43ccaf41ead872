// A store's campaigns: saved from the Campaigns form with every field checked, listed with where each
// stands (scheduled, active, paused, ended), paused, resumed and ended by the store's managers; and
// how many customers each customer frequency selects before launch.
import type { DashboardResponse } from '../../src/api/contract/activity';
import type { CampaignAudience, CampaignInput, CampaignRow, CampaignStatus, CustomerFrequency, NotificationFrequency, PromotionType } from '../../src/api/contract/campaigns';
import { campaignBudgetMax, DEFAULT_CURRENCY, MAX_CAMPAIGN_DAYS } from '../../src/api/contract/limits';
import type { AppDeps } from '../deps';
import { badRequest, conflict, type FieldProblem, notFound, textError } from '../http-errors';
import { countAudiences, endCampaign, findCampaign, insertCampaign, listCampaigns, runningCampaigns, setCampaignPaused, type CampaignRecord } from '../repositories/campaigns';
import { vendorExists } from '../repositories/rewards';
import { findStoreCurrency } from '../repositories/vendor-profile';
import { deliveryCounts, type DeliveryCounts } from '../repositories/campaign-delivery';
import { campaignChannels, type ChannelDeps } from './campaign-delivery/channels';
import { channelReach } from './campaign-delivery/reach';
import { queuePlanSoon } from './campaign-delivery/schedule';
import { calendarOfStore } from './store-day';

const DAY_MS = 86_400_000;
/** Prices are kept in cents; the budget in whole units of the store's currency. */
const CENTS_PER_UNIT = 100;
/** The window customer frequency looks back over. */
export const AUDIENCE_WINDOW_DAYS = 30;
/** Daily visitors made at least this many visits in the window, weekly ones at least this many (a visit is a store day with a stamp). */
export const DAILY_VISITOR_DAYS = 10;
export const WEEKLY_VISITOR_VISITS = 3;
/** The table lists this many of the store's latest campaigns. */
const LISTED_CAMPAIGNS = 100;

export const CAMPAIGN_NOT_FOUND_MESSAGE = 'No such campaign at this store.';
export const CAMPAIGN_ENDED_MESSAGE = 'This campaign has ended.';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/**
 * The last instant the campaign's answers can write as a date-time (RFC 3339 has four-digit years): a time
 * in 9999 with a negative offset ("9999-12-31T23:00:00-14:00") is already in UTC's year 10000, which
 * toISOString() writes as "+010000-…", a date no client reads.
 */
const LAST_WRITABLE_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const LAST_YEAR_MESSAGE = 'must be in the year 9999 or before (UTC)';

/** Saves a new campaign after the checks its schema cannot make; 400 names every field at fault. */
export async function createCampaign(deps: Deps, vendorId: string, input: CampaignInput, createdBy: string | null): Promise<{ id: string }> {
  const problems: FieldProblem[] = [];
  const title = input.campaignTitle.trim();
  const description = input.campaignDescription.trim();
  const items = [...new Set(input.itemsToPromote.map((item) => item.trim()).filter((item) => item !== ''))];
  const startAt = Date.parse(input.startDateTime);
  const endAt = Date.parse(input.endDateTime);
  const now = deps.now();
  if (title === '') problems.push({ field: 'campaignTitle', message: 'is required' });
  if (description === '') problems.push({ field: 'campaignDescription', message: 'is required' });
  if (items.length === 0) problems.push({ field: 'itemsToPromote', message: 'must name at least one item' });
  if (Number.isNaN(startAt)) problems.push({ field: 'startDateTime', message: 'must be a date and time' });
  else if (startAt > LAST_WRITABLE_INSTANT) problems.push({ field: 'startDateTime', message: LAST_YEAR_MESSAGE });
  if (Number.isNaN(endAt)) problems.push({ field: 'endDateTime', message: 'must be a date and time' });
  else if (endAt > LAST_WRITABLE_INSTANT) problems.push({ field: 'endDateTime', message: LAST_YEAR_MESSAGE });
  else if (endAt <= now) problems.push({ field: 'endDateTime', message: 'must be in the future' });
  else if (!Number.isNaN(startAt) && endAt <= startAt) problems.push({ field: 'endDateTime', message: 'must be after the start' });
  else if (!Number.isNaN(startAt) && endAt - startAt > MAX_CAMPAIGN_DAYS * DAY_MS) problems.push({ field: 'endDateTime', message: `must be at most ${MAX_CAMPAIGN_DAYS} days after the start` });
  // The wire lets through the largest currency's budget; the store's own currency sets its limit.
  const budgetMax = campaignBudgetMax((await findStoreCurrency(deps.db.kysely, vendorId)) ?? DEFAULT_CURRENCY);
  if (input.budget > budgetMax) problems.push({ field: 'budget', message: `must be at most ${budgetMax}` });
  if (problems.length > 0) throw badRequest(`The campaign was not saved: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}.`, problems);
  if (!(await vendorExists(deps.db.kysely, vendorId))) throw textError(404, 'commonRefusals.storeGone');
  const id = crypto.randomUUID();
  await insertCampaign(deps.db.kysely, {
    id,
    vendorId,
    title,
    description,
    audience: input.targetAudience,
    startAt,
    endAt,
    promotionType: input.promotionType,
    items,
    notificationFrequency: input.notificationFrequency,
    abTesting: input.abTesting,
    budget: input.budget,
    createdBy,
  }, now);
  await queuePlanSoon(deps.db.kysely, now);
  return { id };
}

export async function listStoreCampaigns(deps: Deps, vendorId: string): Promise<CampaignRow[]> {
  const now = deps.now();
  const records = await listCampaigns(deps.db.kysely, vendorId, LISTED_CAMPAIGNS);
  const counts = await deliveryCounts(deps.db.kysely, records.map((record) => record.id));
  return records.map((record) => toRow(record, now, counts.get(record.id)));
}

export type CampaignAction = 'pause' | 'resume' | 'end';

/** Pauses, resumes or ends a campaign; an ended campaign answers 409 and stays as it is. */
export async function changeCampaign(deps: Deps, vendorId: string, campaignId: string, action: CampaignAction): Promise<CampaignRow> {
  const now = deps.now();
  const changed =
    action === 'end'
      ? await endCampaign(deps.db.kysely, vendorId, campaignId, now)
      : await setCampaignPaused(deps.db.kysely, vendorId, campaignId, action === 'pause' ? now : null, now);
  const record = await findCampaign(deps.db.kysely, vendorId, campaignId);
  if (!record) throw notFound(CAMPAIGN_NOT_FOUND_MESSAGE);
  if (!changed || (action !== 'end' && record.end_at <= now)) throw conflict(CAMPAIGN_ENDED_MESSAGE);
  if (action === 'resume') await queuePlanSoon(deps.db.kysely, now);
  return toRow(record, now, (await deliveryCounts(deps.db.kysely, [record.id])).get(record.id));
}

/** The dashboard's Active Campaigns card: the campaigns running now. */
export async function activeCampaigns(deps: Deps, vendorId: string): Promise<NonNullable<DashboardResponse['activeCampaigns']>> {
  const running = await runningCampaigns(deps.db.kysely, vendorId, deps.now());
  const delivered = await deliveryCounts(deps.db.kysely, running.map((record) => record.id));
  return {
    count: running.length,
    customersReached: running.reduce((sum, record) => sum + (delivered.get(record.id)?.sent ?? 0), 0),
    campaigns: running.map((record) => ({ id: record.id, title: record.title, end: new Date(record.end_at).toISOString() })),
  };
}

/** How many customers each customer frequency selects today, and how many of them each channel reaches. */
export async function campaignAudience(deps: ChannelDeps, vendorId: string): Promise<CampaignAudience> {
  const now = deps.now();
  const since = now - AUDIENCE_WINDOW_DAYS * DAY_MS;
  const calendar = await calendarOfStore(deps.db.kysely, vendorId);
  // One window for the counts and the reach, the one the delivery plan lists its audience over.
  const window = { from: since, until: now + 1, dailyDays: DAILY_VISITOR_DAYS, weeklyVisits: WEEKLY_VISITOR_VISITS, storeOffsets: calendar.offsets(since, now + 1) };
  const counts = await countAudiences(deps.db.kysely, vendorId, window);
  return { ...counts, reach: await channelReach(deps, campaignChannels(deps), vendorId, window) };
}

export function campaignStatus(record: Pick<CampaignRecord, 'start_at' | 'end_at' | 'paused_at' | 'ended_at'>, now: number): CampaignStatus {
  if (record.ended_at !== null || record.end_at <= now) return 'ended';
  if (record.paused_at !== null) return 'paused';
  return record.start_at > now ? 'scheduled' : 'active';
}

const NOTHING_DELIVERED: DeliveryCounts = { sent: 0, waiting: 0, failed: 0 };

function toRow(record: CampaignRecord, now: number, delivery: DeliveryCounts = NOTHING_DELIVERED): CampaignRow {
  const row: CampaignRow = {
    id: record.id,
    campaignTitle: record.title,
    campaignDescription: record.description,
    targetAudience: record.audience as CustomerFrequency,
    startDateTime: new Date(record.start_at).toISOString(),
    endDateTime: new Date(record.end_at).toISOString(),
    promotionType: record.promotion_type as PromotionType,
    itemsToPromote: JSON.parse(record.items) as string[],
    notificationFrequency: record.notification_frequency as NotificationFrequency,
    abTesting: record.ab_testing === 1,
    budget: record.budget,
    status: campaignStatus(record, now),
    notifications: delivery.sent,
    delivery,
    createdAt: record.created_at,
  };
  if (record.promotion_type === 'bonus-stamps') {
    const spent = record.bonus_spent_cents / CENTS_PER_UNIT;
    row.budgetSpent = spent;
    row.budgetLeft = Math.max(0, record.budget * CENTS_PER_UNIT - record.bonus_spent_cents) / CENTS_PER_UNIT;
    row.bonusStamps = record.bonus_stamps;
  }
  return row;
}
