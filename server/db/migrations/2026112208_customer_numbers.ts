// Frozen in time (issue 16): each stamp card gets a stable per-store customer number, so a vendor reads an
// anonymous customer as "Customer #27, 3rd visit" instead of a hash ("Guest D86B"). Existing cards are
// numbered in the order they were created.
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
    // Unique per store: two first scans at the same moment cannot share a number (the loser retries).
    await db.schema.createIndex('stamp_cards_vendor_number_unique').unique().on('stamp_cards').columns(['vendor_id', 'customer_number']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('stamp_cards_vendor_number_unique').ifExists().execute();
    await db.schema.alterTable('stamp_cards').dropColumn('customer_number').execute();
  };
}
