// SQL for a store's campaigns and their bonus-stamp budgets (what a visit is and who a customer frequency selects: campaign-audience.ts).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CampaignTable, Database } from '../db/schema';
import { countAudience, type AudienceMembers, type AudienceWindow } from './campaign-audience';

type Queryable = Kysely<Database> | Transaction<Database>;

export type CampaignRecord = Selectable<CampaignTable>;

export interface NewCampaign {
  id: string;
  vendorId: string;
  title: string;
  description: string;
  audience: string;
  startAt: number;
  endAt: number;
  promotionType: string;
  items: readonly string[];
  notificationFrequency: string;
  abTesting: boolean;
  budget: number;
  createdBy: string | null;
}

export async function insertCampaign(db: Queryable, campaign: NewCampaign, now: number): Promise<void> {
  await db
    .insertInto('campaigns')
    .values({
      id: campaign.id,
      vendor_id: campaign.vendorId,
      title: campaign.title,
      description: campaign.description,
      audience: campaign.audience,
      start_at: campaign.startAt,
      end_at: campaign.endAt,
      promotion_type: campaign.promotionType,
      items: JSON.stringify(campaign.items),
      notification_frequency: campaign.notificationFrequency,
      ab_testing: campaign.abTesting ? 1 : 0,
      budget: campaign.budget,
      paused_at: null,
      ended_at: null,
      created_by: campaign.createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The store's campaigns, newest first (a store launches a handful a month: no paging). */
export async function listCampaigns(db: Queryable, vendorId: string, limit: number): Promise<CampaignRecord[]> {
  const rows = await db.selectFrom('campaigns').selectAll().where('vendor_id', '=', vendorId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(normalise);
}

export async function findCampaign(db: Queryable, vendorId: string, campaignId: string): Promise<CampaignRecord | undefined> {
  const row = await db.selectFrom('campaigns').selectAll().where('vendor_id', '=', vendorId).where('id', '=', campaignId).executeTakeFirst();
  return row && normalise(row);
}

/** Sets or clears the pause; false when the campaign had already ended (nothing changes then). */
export async function setCampaignPaused(db: Queryable, vendorId: string, campaignId: string, pausedAt: number | null, now: number): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ paused_at: pausedAt, updated_at: now })
    .where('vendor_id', '=', vendorId)
    .where('id', '=', campaignId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the campaign; false when it had already ended. */
export async function endCampaign(db: Queryable, vendorId: string, campaignId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ ended_at: now, paused_at: null, updated_at: now })
    .where('vendor_id', '=', vendorId)
    .where('id', '=', campaignId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The store's campaigns running at `now` (started, not paused, not ended), soonest to end first. */
export function runningCampaigns(db: Queryable, vendorId: string, now: number): Promise<CampaignRecord[]> {
  return runningAt(db, vendorId, now);
}

/** The store's offer campaigns (of `types`) running at `now`, soonest to end first. */
export function runningOffers(db: Queryable, vendorId: string, types: readonly string[], now: number): Promise<CampaignRecord[]> {
  return runningAt(db, vendorId, now, types);
}

async function runningAt(db: Queryable, vendorId: string, now: number, types?: readonly string[]): Promise<CampaignRecord[]> {
  const rows = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .$if(types !== undefined, (q) => q.where('promotion_type', 'in', [...(types ?? [])]))
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .where('ended_at', 'is', null)
    .where('paused_at', 'is', null)
    .orderBy('end_at')
    .orderBy('id')
    .execute();
  return rows.map(normalise);
}

/** A campaign's store, audience and start, and the store's time zone: whom its bonus stamps are for. */
export interface CampaignAudienceClock {
  vendor_id: string;
  audience: string;
  start_at: number;
  time_zone: string | null;
}

export async function campaignClock(db: Queryable, campaignId: string): Promise<CampaignAudienceClock | undefined> {
  const row = await db
    .selectFrom('campaigns')
    .innerJoin('vendors', 'vendors.id', 'campaigns.vendor_id')
    .select(['campaigns.vendor_id', 'campaigns.audience', 'campaigns.start_at', 'vendors.time_zone'])
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirst();
  return row && { ...row, start_at: Number(row.start_at) };
}

export interface BonusSpend {
  campaignId: string;
  /** What these bonus stamps cost together, in cents; the budget (whole currency units) caps the total. */
  costCents: number;
  stamps: number;
  /** The customer is in the held-out half of the campaign's split (no bonus when the campaign splits). */
  heldOut: boolean;
  now: number;
}

/**
 * Spends the budget on bonus stamps in one conditional UPDATE, so two stamps racing for the last of the
 * budget cannot both get it (the second re-reads the row the first changed): true when the campaign is
 * still running, the customer is in `audience` (the campaign's audience over the 30 days before its
 * start, the query the form counted) and not held out, and the budget covers the cost.
 */
export async function spendOnBonusStamps(db: Queryable, spend: BonusSpend, audience: AudienceMembers): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set((eb) => ({
      bonus_spent_cents: eb('bonus_spent_cents', '+', spend.costCents),
      bonus_stamps: eb('bonus_stamps', '+', spend.stamps),
    }))
    .where('id', '=', spend.campaignId)
    .where('ended_at', 'is', null)
    .where('paused_at', 'is', null)
    .where('end_at', '>', spend.now)
    .where(sql<boolean>`bonus_spent_cents + ${spend.costCents} <= budget * 100`)
    .where(spend.heldOut ? sql<boolean>`ab_testing = 0` : sql<boolean>`1 = 1`)
    .where(sql<boolean>`EXISTS (SELECT 1 FROM ${audience})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface AudienceCounts {
  daily: number;
  weekly: number;
  monthly: number;
  all: number;
}

/** How many of the store's customers each frequency selects over `window` (the query the delivery plan lists). */
export async function countAudiences(db: Queryable, vendorId: string, window: AudienceWindow): Promise<AudienceCounts> {
  return {
    daily: await countAudience(db, vendorId, 'daily', window),
    weekly: await countAudience(db, vendorId, 'weekly', window),
    monthly: await countAudience(db, vendorId, 'monthly', window),
    all: await countAudience(db, vendorId, 'all', window),
  };
}

/** A bonus stamp leaving the card (voided, or dropped by a wallet merge): its campaign gets its cost back. */
export interface DroppedBonusStamp {
  bonus_campaign_id: string | null;
  bonus_cost_cents: number | null;
}

/**
 * Gives the budget of these bonus stamps back to their campaigns (stamps that were no bonus are ignored).
 * A stamp given before costs were kept gives back the campaign's average cost per bonus stamp. One relative
 * UPDATE per campaign, so a scan spending the same budget meanwhile is neither lost nor counted twice.
 */
export async function refundBonusStamps(db: Queryable, stamps: readonly DroppedBonusStamp[]): Promise<void> {
  const perCampaign = new Map<string, { stamps: number; knownCents: number; unknownStamps: number }>();
  for (const stamp of stamps) {
    if (stamp.bonus_campaign_id === null) continue;
    const refund = perCampaign.get(stamp.bonus_campaign_id) ?? { stamps: 0, knownCents: 0, unknownStamps: 0 };
    refund.stamps += 1;
    if (stamp.bonus_cost_cents === null) refund.unknownStamps += 1;
    else refund.knownCents += Number(stamp.bonus_cost_cents);
    perCampaign.set(stamp.bonus_campaign_id, refund);
  }
  for (const [campaignId, refund] of perCampaign) {
    const cents = sql<number>`${refund.knownCents} + CASE WHEN bonus_stamps > 0 THEN ${refund.unknownStamps} * bonus_spent_cents / bonus_stamps ELSE 0 END`;
    await db
      .updateTable('campaigns')
      .set({
        bonus_spent_cents: sql<number>`CASE WHEN bonus_spent_cents - (${cents}) < 0 THEN 0 ELSE bonus_spent_cents - (${cents}) END`,
        bonus_stamps: sql<number>`CASE WHEN bonus_stamps - ${refund.stamps} < 0 THEN 0 ELSE bonus_stamps - ${refund.stamps} END`,
      })
      .where('id', '=', campaignId)
      .execute();
  }
}

/** PostgreSQL answers BIGINT columns as strings; every number leaves here as a number. */
function normalise(row: CampaignRecord): CampaignRecord {
  return {
    ...row,
    start_at: Number(row.start_at),
    end_at: Number(row.end_at),
    ab_testing: Number(row.ab_testing),
    budget: Number(row.budget),
    paused_at: row.paused_at === null ? null : Number(row.paused_at),
    ended_at: row.ended_at === null ? null : Number(row.ended_at),
    bonus_spent_cents: Number(row.bonus_spent_cents),
    bonus_stamps: Number(row.bonus_stamps),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Customers holding a card at the store made before `before`; a customer who deleted their wallet is in no audience. */
export async function cardHoldersBefore(db: Queryable, vendorId: string, before: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stamp_cards as s')
    .innerJoin('customers as c', 'c.id', 's.customer_id')
    .select('s.customer_id')
    .where('s.vendor_id', '=', vendorId)
    .where('s.created_at', '<', before)
    .where('c.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.customer_id);
}
