// Who a customer frequency selects, written once: the Campaigns form counts it, the delivery plan and the
// channel reach list it, a bonus stamp and an offer ask it about one customer. Each reads the same query,
// so the number the form shows before launch is the number of customers the campaign is planned for.
//
// A visit is a stamp that was not voided and is no bonus stamp (a bonus stamp is the second stamp of a
// visit); a customer who deleted their wallet is in no audience.
import { sql, type AliasedSelectQueryBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { storeDaySql, type UtcOffsetSpan } from './store-day-sql';

type Queryable = Kysely<Database> | Transaction<Database>;

/** 'daily' | 'weekly' | 'monthly' | 'all', as the campaign stores it. */
export type AudienceFrequency = string;

export interface AudienceWindow {
  /** The visits counted are those in [from, until). */
  from: number;
  until: number;
  /** daily: visits on at least this many different store days. */
  dailyDays: number;
  /** weekly: at least this many visits. */
  weeklyVisits: number;
  /** The store's clock over the window, which cuts its days. */
  storeOffsets: readonly UtcOffsetSpan[];
}

export type AudienceMembers = AliasedSelectQueryBuilder<{ customer_id: string }, 'audience'>;

/**
 * The customers `frequency` selects at the store, one row each (`audience.customer_id`): daily = visits on
 * `dailyDays` different store days of the window, weekly = `weeklyVisits` visits, monthly = one visit,
 * all (and any other value) = every customer holding a card. `onlyCustomer` narrows it to one customer.
 */
export function audienceMembers(db: Queryable, vendorId: string, frequency: AudienceFrequency, window: AudienceWindow, onlyCustomer?: string): AudienceMembers {
  if (frequency !== 'daily' && frequency !== 'weekly' && frequency !== 'monthly') {
    return db
      .selectFrom('stamp_cards as s')
      .innerJoin('customers as c', 'c.id', 's.customer_id')
      .select('s.customer_id as customer_id')
      .where('s.vendor_id', '=', vendorId)
      .where('c.deleted_at', 'is', null)
      .$if(onlyCustomer !== undefined, (qb) => qb.where('s.customer_id', '=', onlyCustomer as string))
      .groupBy('s.customer_id')
      .as('audience');
  }
  return db
    .selectFrom('stamp_events as e')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .select('e.customer_id as customer_id')
    .where('e.vendor_id', '=', vendorId)
    .where('e.created_at', '>=', window.from)
    .where('e.created_at', '<', window.until)
    .where('e.voided_at', 'is', null)
    .where('e.bonus_campaign_id', 'is', null)
    .where('c.deleted_at', 'is', null)
    .$if(onlyCustomer !== undefined, (qb) => qb.where('e.customer_id', '=', onlyCustomer as string))
    .groupBy('e.customer_id')
    .$if(frequency === 'daily', (qb) => qb.having(sql<number>`COUNT(DISTINCT ${storeDaySql(sql.ref('e.created_at'), window.storeOffsets)})`, '>=', window.dailyDays))
    .$if(frequency === 'weekly', (qb) => qb.having((eb) => eb.fn.countAll(), '>=', window.weeklyVisits))
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
