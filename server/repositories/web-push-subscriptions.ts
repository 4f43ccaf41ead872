// SQL of customers' web push subscriptions: one row per browser endpoint per store.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { CustomerIdRange } from './campaign-audience-pages';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface WebPushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface NewWebPushSubscription {
  id: string;
  customerId: string;
  vendorId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The customer's subscriptions at one store. */
export async function listSubscriptions(db: Queryable, vendorId: string, customerId: string): Promise<WebPushSubscriptionRow[]> {
  return db
    .selectFrom('web_push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('vendor_id', '=', vendorId)
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Who holds this endpoint at this store, if anyone. */
export async function findSubscriptionOwner(db: Queryable, vendorId: string, endpoint: string): Promise<string | undefined> {
  const row = await db.selectFrom('web_push_subscriptions').select('customer_id').where('vendor_id', '=', vendorId).where('endpoint', '=', endpoint).executeTakeFirst();
  return row?.customer_id;
}

/**
 * Stores the subscription, or renews the keys of the one this endpoint already has at the store. The
 * browser that holds an endpoint is the one asking, so the row follows it to its current wallet.
 */
export async function upsertSubscription(db: Queryable, subscription: NewWebPushSubscription, now: number): Promise<void> {
  await db
    .insertInto('web_push_subscriptions')
    .values({
      id: subscription.id,
      customer_id: subscription.customerId,
      vendor_id: subscription.vendorId,
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['vendor_id', 'endpoint']).doUpdateSet({
        customer_id: subscription.customerId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        last_failure_at: null,
      }),
    )
    .execute();
}

/** Removes the customer's subscription of this endpoint at the store; answers whether there was one. */
export async function deleteSubscription(db: Queryable, vendorId: string, customerId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('web_push_subscriptions')
    .where('vendor_id', '=', vendorId)
    .where('customer_id', '=', customerId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many stores this customer still follows with this endpoint (the browser keeps it while any does). */
export async function countStoresOfEndpoint(db: Queryable, customerId: string, endpoint: string): Promise<number> {
  const row = await db
    .selectFrom('web_push_subscriptions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('customer_id', '=', customerId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.deleteFrom('web_push_subscriptions').where('id', '=', id).execute();
}

export async function markSubscriptionDelivered(db: Queryable, id: string, now: number): Promise<void> {
  await db.updateTable('web_push_subscriptions').set({ last_success_at: now }).where('id', '=', id).execute();
}

export async function markSubscriptionFailed(db: Queryable, id: string, now: number): Promise<void> {
  await db.updateTable('web_push_subscriptions').set({ last_failure_at: now }).where('id', '=', id).execute();
}

/** The store's customers (of `range`, when given) with at least one subscription. */
export async function subscribedCustomerIds(db: Queryable, vendorId: string, range?: CustomerIdRange): Promise<string[]> {
  const rows = await db
    .selectFrom('web_push_subscriptions')
    .select('customer_id')
    .where('vendor_id', '=', vendorId)
    .$if(range !== undefined, (qb) => qb.where('customer_id', '>', (range as CustomerIdRange).after).where('customer_id', '<=', (range as CustomerIdRange).last))
    .distinct()
    .execute();
  return rows.map((row) => row.customer_id);
}
