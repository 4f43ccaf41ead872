// Frozen in time: a store's card holders in customer-id order, so a campaign plan reads its audience a
// page of customers at a time, each page a short range of this index (without it every page read all
// the store's cards, or every store's).
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.createIndex('stamp_cards_vendor_customer_idx').on('stamp_cards').columns(['vendor_id', 'customer_id']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('stamp_cards_vendor_customer_idx').execute();
  };
}
