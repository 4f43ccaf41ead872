// SQL for merging one customer's wallet into another's (wallet recovery on a phone that already had
// an anonymous wallet). Called inside one transaction; see services/wallet-merge.ts for the rules.
import type { Kysely, Transaction } from 'kysely';
import type { Database, StampKind } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/** SQLite allows at most 32,766 bound parameters per statement (999 on old builds): stay well below. */
const IDS_PER_STATEMENT = 500;

export interface MergeCardRow {
  id: string;
  vendor_id: string;
  stamps: number;
  last_stamp_at: number | null;
  claimed_stamps_withdrawn: number;
}

export interface MergeEventRow {
  id: string;
  token_id: string;
  kind: StampKind;
  created_at: number;
  /** Set when the store voided the stamp: already off the card and out of the store's count. */
  voided_at?: number | null;
  /** Set on a bonus stamp: the campaign that gave it, and what it cost that campaign (cents). */
  bonus_campaign_id?: string | null;
  bonus_cost_cents?: number | null;
}

/** PostgreSQL: holds both customers' rows (in id order, so two merges cannot deadlock) until the transaction ends. */
export async function lockCustomers(db: Queryable, customerIds: string[]): Promise<void> {
  await db.selectFrom('customers').select('id').where('id', 'in', customerIds).orderBy('id').forUpdate().execute();
}

/** How many claims (any status) the customer has made. */
export async function countRedemptionsOf(db: Queryable, customerId: string): Promise<number> {
  return Number((await db.selectFrom('redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow()).n);
}

export async function cardsOf(db: Queryable, customerId: string): Promise<MergeCardRow[]> {
  return db.selectFrom('stamp_cards').select(['id', 'vendor_id', 'stamps', 'last_stamp_at', 'claimed_stamps_withdrawn']).where('customer_id', '=', customerId).orderBy('id').execute();
}

export async function cardOfAt(db: Queryable, customerId: string, vendorId: string): Promise<MergeCardRow | undefined> {
  return db
    .selectFrom('stamp_cards')
    .select(['id', 'vendor_id', 'stamps', 'last_stamp_at', 'claimed_stamps_withdrawn'])
    .where('customer_id', '=', customerId)
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
}

/** The card's stamp events, oldest first. */
export async function eventsOfCard(db: Queryable, cardId: string): Promise<MergeEventRow[]> {
  return db
    .selectFrom('stamp_events')
    .select(['id', 'token_id', 'kind', 'created_at', 'voided_at', 'bonus_campaign_id', 'bonus_cost_cents'])
    .where('card_id', '=', cardId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Gives a whole card (with its stamp events, claims and expiries) to another customer. */
export async function moveCard(db: Queryable, cardId: string, toCustomerId: string, now: number): Promise<void> {
  await db.updateTable('stamp_cards').set({ customer_id: toCustomerId, updated_at: now }).where('id', '=', cardId).execute();
  await db.updateTable('stamp_events').set({ customer_id: toCustomerId }).where('card_id', '=', cardId).execute();
  await db.updateTable('redemptions').set({ customer_id: toCustomerId }).where('card_id', '=', cardId).execute();
  await db.updateTable('stamp_expiries').set({ customer_id: toCustomerId }).where('card_id', '=', cardId).execute();
}

export async function deleteStampEvents(db: Queryable, eventIds: string[]): Promise<void> {
  for (let start = 0; start < eventIds.length; start += IDS_PER_STATEMENT) {
    await db.deleteFrom('stamp_events').where('id', 'in', eventIds.slice(start, start + IDS_PER_STATEMENT)).execute();
  }
}

/**
 * Re-homes the remaining stamp events, all claims and all expiries of `fromCardId` onto `toCardId` (of
 * `toCustomerId`): the card is deleted next, and its expiries would go with it (ON DELETE CASCADE).
 */
export async function moveCardHistory(db: Queryable, fromCardId: string, toCardId: string, toCustomerId: string): Promise<void> {
  await db.updateTable('stamp_events').set({ card_id: toCardId, customer_id: toCustomerId }).where('card_id', '=', fromCardId).execute();
  await db.updateTable('redemptions').set({ card_id: toCardId, customer_id: toCustomerId }).where('card_id', '=', fromCardId).execute();
  await db.updateTable('stamp_expiries').set({ card_id: toCardId, customer_id: toCustomerId }).where('card_id', '=', fromCardId).execute();
}

/** Adds stamps (and claimed stamps withdrawn) to a card and moves its last-stamp time forward (never back). */
export async function addMergedStamps(db: Queryable, cardId: string, stamps: number, claimedStampsWithdrawn: number, lastStampAt: number | null, now: number): Promise<void> {
  await db
    .updateTable('stamp_cards')
    .set((eb) => ({
      stamps: eb('stamps', '+', stamps),
      claimed_stamps_withdrawn: eb('claimed_stamps_withdrawn', '+', claimedStampsWithdrawn),
      last_stamp_at: lastStampAt,
      updated_at: now,
    }))
    .where('id', '=', cardId)
    .execute();
}

/** Recounts the card's rewards given from its history (the Customers page shows them; its visits: services/card-visits.ts). */
export async function recountCard(db: Queryable, cardId: string): Promise<void> {
  await db
    .updateTable('stamp_cards')
    .set((eb) => ({
      rewards_given: eb.selectFrom('redemptions').select((inner) => inner.fn.countAll<number>().as('n')).where('card_id', '=', cardId).where('status', '=', 'given'),
    }))
    .where('id', '=', cardId)
    .execute();
}

export async function deleteCard(db: Queryable, cardId: string): Promise<void> {
  await db.deleteFrom('stamp_cards').where('id', '=', cardId).execute();
}

/** Deletes a customer; its device credentials and recovery links go with it (ON DELETE CASCADE). */
export async function deleteCustomer(db: Queryable, customerId: string): Promise<void> {
  await db.deleteFrom('customer_credentials').where('customer_id', '=', customerId).execute();
  await db.deleteFrom('customers').where('id', '=', customerId).execute();
}
