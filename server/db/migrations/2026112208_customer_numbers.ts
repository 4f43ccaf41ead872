// Frozen in time: each stamp card gets a stable per-store customer number, so a vendor reads an
// anonymous customer as "Customer #27, 3rd visit" instead of a hash ("Guest D86B"). Existing cards are
// numbered in the order they were created; vendors.customer_count hands out the next number.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('stamp_cards').addColumn('customer_number', 'integer').execute();
    await sql`
      UPDATE stamp_cards SET customer_number = (
        SELECT COUNT(*) FROM stamp_cards AS earlier
        WHERE earlier.vendor_id = stamp_cards.vendor_id
          AND (earlier.created_at < stamp_cards.created_at OR (earlier.created_at = stamp_cards.created_at AND earlier.id <= stamp_cards.id))
      )`.execute(db);
    await db.schema.createIndex('stamp_cards_vendor_number_unique').unique().on('stamp_cards').columns(['vendor_id', 'customer_number']).execute();
    // The counter a new card takes its number from: one row per store, incremented under its row lock, so
    // concurrent first scans at one store are numbered one after another, never twice the same.
    await db.schema.alterTable('vendors').addColumn('customer_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`
      UPDATE vendors SET customer_count = COALESCE((SELECT MAX(customer_number) FROM stamp_cards WHERE stamp_cards.vendor_id = vendors.id), 0)`.execute(db);
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('vendors').dropColumn('customer_count').execute();
    await db.schema.dropIndex('stamp_cards_vendor_number_unique').ifExists().execute();
    await db.schema.alterTable('stamp_cards').dropColumn('customer_number').execute();
  };
}
