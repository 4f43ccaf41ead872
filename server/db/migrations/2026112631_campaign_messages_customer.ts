// Frozen in time: a customer's campaign messages by customer. Deleting a customer (a wallet merged into
// another, a store's customers erased with the store) deletes their messages through the foreign key's
// cascade, and both databases look the customer's messages up for every customer row deleted: without an
// index that leads with the customer, each lookup read the whole table.
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.createIndex('campaign_messages_customer').on('campaign_messages').column('customer_id').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('campaign_messages_customer').execute();
  };
}
