// Frozen in time: the reward settings a store saves (stamp mode, max per transaction, auto-redeem, expiry
// in days); each stamp keeps the card size it was given under, and why and by whom it was removed;
// stamps that expired on a card are recorded as an event of their own.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('reward_settings')
      .addColumn('vendor_id', 'text', (c) => c.primaryKey().references('vendors.id').onDelete('cascade'))
      .addColumn('stamp_mode', 'text', (c) => c.notNull())
      .addColumn('max_per_transaction', 'integer', (c) => c.notNull())
      .addColumn('auto_redeem', 'integer', (c) => c.notNull())
      .addColumn('expiry_days', 'integer')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    // Stamps from before this keep no size: the list shows them with the reward's size as it is.
    await db.schema.alterTable('stamp_events').addColumn('card_required', 'integer').execute();
    await db.schema.alterTable('stamp_events').addColumn('void_reason', 'text').execute();
    await db.schema.alterTable('stamp_events').addColumn('voided_by', 'text').execute();

    await db.schema
      .createTable('stamp_expiries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('card_id', 'text', (c) => c.notNull().references('stamp_cards.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('stamps', 'integer', (c) => c.notNull())
      .addColumn('required', 'integer', (c) => c.notNull())
      .addColumn('last_visit_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stamp_expiries_vendor_time_idx').on('stamp_expiries').columns(['vendor_id', 'created_at', 'id']).execute();
    // The sweep of a store's cards whose last visit is older than its expiry.
    await db.schema.createIndex('stamp_cards_vendor_last_stamp_idx').on('stamp_cards').columns(['vendor_id', 'last_stamp_at']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('stamp_cards_vendor_last_stamp_idx').execute();
    await db.schema.dropTable('stamp_expiries').execute();
    await db.schema.alterTable('stamp_events').dropColumn('voided_by').execute();
    await db.schema.alterTable('stamp_events').dropColumn('void_reason').execute();
    await db.schema.alterTable('stamp_events').dropColumn('card_required').execute();
    await db.schema.dropTable('reward_settings').execute();
  };
}
