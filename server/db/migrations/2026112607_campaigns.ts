// Frozen in time: the campaigns a store launches from the Campaigns page, with their schedule, audience
// and offer, whether they are paused or ended, and how many messages they have delivered.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('campaigns')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint', (c) => c.notNull())
      .addColumn('promotion_type', 'text', (c) => c.notNull())
      // JSON array of item names.
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('notification_frequency', 'text', (c) => c.notNull())
      .addColumn('ab_testing', 'integer', (c) => c.notNull())
      .addColumn('budget', 'integer', (c) => c.notNull())
      .addColumn('paused_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('notifications_sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('campaigns_by_vendor').on('campaigns').columns(['vendor_id', 'created_at']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('campaigns').execute();
  };
}
