// Frozen in time: campaign messages are found through their campaign only. The (store, customer, due)
// index goes: its two queries (a customer's recent occasions at the store, a card's recent Google
// notifications) read the store's campaigns and each one's unique key (campaign, customer, channel,
// period) instead, and every planned message wrote an entry in it, the widest of the table's three.
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('campaign_messages_by_customer').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.createIndex('campaign_messages_by_customer').on('campaign_messages').columns(['vendor_id', 'customer_id', 'due_at']).execute();
  };
}
