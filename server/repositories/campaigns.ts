// SQL for a store's campaigns and for the audience a customer frequency selects.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CampaignTable, Database } from '../db/schema';

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

export interface AudienceCounts {
  daily: number;
  weekly: number;
  monthly: number;
  all: number;
}

const DAY_MS = 86_400_000;

/**
 * How many of the store's customers each frequency selects, from their stamps (not voided) since `since`:
 * daily = stamps on at least `dailyDays` different days, weekly = at least `weeklyVisits` stamps,
 * monthly = at least one; all = every customer holding a card at the store.
 */
export async function countAudiences(db: Queryable, vendorId: string, since: number, rule: { dailyDays: number; weeklyVisits: number }): Promise<AudienceCounts> {
  const perCustomer = db
    .selectFrom('stamp_events')
    .select((eb) => [
      'customer_id',
      eb.fn.countAll<number>().as('visits'),
      sql<number>`COUNT(DISTINCT created_at / ${DAY_MS})`.as('days'),
    ])
    .where('vendor_id', '=', vendorId)
    .where('created_at', '>=', since)
    .where('voided_at', 'is', null)
    .groupBy('customer_id');
  const recent = await db
    .selectFrom(perCustomer.as('c'))
    .select([
      sql<number>`SUM(CASE WHEN c.days >= ${rule.dailyDays} THEN 1 ELSE 0 END)`.as('daily'),
      sql<number>`SUM(CASE WHEN c.visits >= ${rule.weeklyVisits} THEN 1 ELSE 0 END)`.as('weekly'),
      sql<number>`COUNT(*)`.as('monthly'),
    ])
    .executeTakeFirst();
  const all = await db
    .selectFrom('stamp_cards')
    .select((eb) => eb.fn.count<number>('customer_id').distinct().as('n'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return {
    daily: Number(recent?.daily ?? 0),
    weekly: Number(recent?.weekly ?? 0),
    monthly: Number(recent?.monthly ?? 0),
    all: Number(all?.n ?? 0),
  };
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
    notifications_sent: Number(row.notifications_sent),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
