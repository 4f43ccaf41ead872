// What a visit is, and who a customer frequency selects, written once: the Campaigns form counts the
// audience, the delivery plan and the channel reach list it, a bonus stamp and an offer ask it about one
// customer, and a campaign's results count its return visits. Each reads the same queries, so the number
// the form shows before launch is the number of customers the campaign is planned for.
//
// A visit is a customer coming in: a store day (midnight to midnight in the store's time zone) on which
// they collected at least one stamp that was not voided and is no bonus stamp. One scan of three items in
// per-item mode is one visit, and so are three scans on one day; a bonus stamp is the second stamp of a
// visit. A customer who deleted their wallet is in no audience.
import { sql, type AliasedSelectQueryBuilder, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { storeDaySql, type UtcOffsetSpan } from './store-day-sql';

type Queryable = Kysely<Database> | Transaction<Database>;

/** 'daily' | 'weekly' | 'monthly' | 'all', as the campaign stores it. */
export type AudienceFrequency = string;

export interface AudienceWindow {
  /** The visits counted are those in [from, until). */
  from: number;
  until: number;
  /** daily: at least this many visits (store days). */
  dailyDays: number;
  /** weekly: at least this many visits (store days). */
  weeklyVisits: number;
  /** The store's clock over the window, which cuts its days. */
  storeOffsets: readonly UtcOffsetSpan[];
}

export type AudienceMembers = AliasedSelectQueryBuilder<{ customer_id: string }, 'audience'>;

/** Which customers an audience is asked about: one, or those whose id is after `after` and at most `last`. */
export type AudienceNarrowing = string | IdRange;

interface IdRange {
  after: string;
  last: string;
}

/** The stamps that make visits (`e`): the store's, in [from, until), not voided, no bonus stamp. */
function visitStamps(db: Queryable, vendorId: string, from: number, until: number) {
  return db
    .selectFrom('stamp_events as e')
    .where('e.vendor_id', '=', vendorId)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', until)
    .where('e.voided_at', 'is', null)
    .where('e.bonus_campaign_id', 'is', null);
}

/** The store day of a visit stamp `e`. */
function visitDaySql(storeOffsets: readonly UtcOffsetSpan[]): RawBuilder<number> {
  return storeDaySql(sql.ref('e.created_at'), storeOffsets);
}

/** The least number of visits in the window that `frequency` asks for (monthly: one). */
function visitsAskedFor(frequency: 'daily' | 'weekly' | 'monthly', window: AudienceWindow): number {
  if (frequency === 'daily') return window.dailyDays;
  if (frequency === 'weekly') return window.weeklyVisits;
  return 1;
}

/**
 * The customers `frequency` selects at the store, one row each (`audience.customer_id`): daily = at least
 * `dailyDays` visits in the window, weekly = at least `weeklyVisits`, monthly = at least one, all (and any
 * other value) = every customer holding a card. `only` narrows it to one customer or a range of ids.
 */
export function audienceMembers(db: Queryable, vendorId: string, frequency: AudienceFrequency, window: AudienceWindow, only?: AudienceNarrowing): AudienceMembers {
  if (frequency !== 'daily' && frequency !== 'weekly' && frequency !== 'monthly') {
    return db
      .selectFrom('stamp_cards as s')
      .innerJoin('customers as c', 'c.id', 's.customer_id')
      .select('s.customer_id as customer_id')
      .where('s.vendor_id', '=', vendorId)
      .where('c.deleted_at', 'is', null)
      .$if(typeof only === 'string', (qb) => qb.where('s.customer_id', '=', only as string))
      // A range on both sides of the join: the database then reads only that range of each (an index
      // range), where a range on the card alone had it read every customer to join them.
      .$if(typeof only === 'object', (qb) => qb.where('s.customer_id', '>', (only as IdRange).after).where('s.customer_id', '<=', (only as IdRange).last).where('c.id', '>', (only as IdRange).after).where('c.id', '<=', (only as IdRange).last))
      .groupBy('s.customer_id')
      .as('audience');
  }
  const visits = visitsAskedFor(frequency, window);
  return visitStamps(db, vendorId, window.from, window.until)
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .select('e.customer_id as customer_id')
    .where('c.deleted_at', 'is', null)
    .$if(typeof only === 'string', (qb) => qb.where('e.customer_id', '=', only as string))
    .$if(typeof only === 'object', (qb) => qb.where('e.customer_id', '>', (only as IdRange).after).where('e.customer_id', '<=', (only as IdRange).last).where('c.id', '>', (only as IdRange).after).where('c.id', '<=', (only as IdRange).last))
    .groupBy('e.customer_id')
    // One visit needs no counting: any stamp in the window is one.
    .$if(visits > 1, (qb) => qb.having(sql<number>`COUNT(DISTINCT ${visitDaySql(window.storeOffsets)})`, '>=', visits))
    .as('audience');
}

/** The customers `frequency` selects at the store. */
export async function audienceCustomerIds(db: Queryable, vendorId: string, frequency: AudienceFrequency, window: AudienceWindow): Promise<string[]> {
  const rows = await db.selectFrom(audienceMembers(db, vendorId, frequency, window)).select('audience.customer_id').execute();
  return rows.map((row) => row.customer_id);
}

/** How many customers `frequency` selects at the store. */
export async function countAudience(db: Queryable, vendorId: string, frequency: AudienceFrequency, window: AudienceWindow): Promise<number> {
  const row = await db
    .selectFrom(audienceMembers(db, vendorId, frequency, window))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether `frequency` selects this customer at the store. */
export async function isInAudience(db: Queryable, vendorId: string, customerId: string, frequency: AudienceFrequency, window: AudienceWindow): Promise<boolean> {
  const row = await db.selectFrom(audienceMembers(db, vendorId, frequency, window, customerId)).select('audience.customer_id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Every visit to the store in [from, until): one row per customer and store day (by `storeOffsets`), with
 * the stamps of that visit. A campaign's results count these as its return visits.
 */
export async function storeVisits(
  db: Queryable,
  vendorId: string,
  from: number,
  until: number,
  storeOffsets: readonly UtcOffsetSpan[],
): Promise<Array<{ customerId: string; day: number; stamps: number }>> {
  const stamps = visitStamps(db, vendorId, from, until).select(['e.customer_id as customer_id', visitDaySql(storeOffsets).as('day')]);
  const rows = await db
    .selectFrom(stamps.as('s'))
    .select(['s.customer_id', 's.day', (eb) => eb.fn.countAll<number>().as('stamps')])
    .groupBy(['s.customer_id', 's.day'])
    .execute();
  return rows.map((row) => ({ customerId: row.customer_id, day: Number(row.day), stamps: Number(row.stamps) }));
}
