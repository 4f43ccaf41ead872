// Frozen in time: relay detection — per-code usage with its budget and flag, the networks each
// code was used from, the store's pace per day, the signals and void mark on each stamp, the "removed by
// the store" note on cards, per-store budget floors, and the audit of void actions.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    // One row per code (a counter token, or the flyer for one UTC day): the budget check is one
    // conditional UPDATE of this row inside the scan transaction.
    await db.schema
      .createTable('code_usage')
      .addColumn('code_key', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('budget', 'integer', (c) => c.notNull())
      .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('networks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addColumn('flagged_at', 'bigint')
      .addColumn('flag_reason', 'text')
      .addColumn('voided_at', 'bigint')
      .addColumn('voided_stamps', 'integer')
      .execute();
    await db.schema.createIndex('code_usage_vendor_flag_idx').on('code_usage').columns(['vendor_id', 'flagged_at']).execute();

    await db.schema
      .createTable('code_networks')
      .addColumn('code_key', 'text', (c) => c.notNull().references('code_usage.code_key').onDelete('cascade'))
      .addColumn('network', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('code_networks_pk', ['code_key', 'network'])
      .execute();

    // The store's pace per UTC day: its busiest minute and its flyer stamps (the budgets follow them).
    await db.schema
      .createTable('store_pace')
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('busiest_minute', 'integer', (c) => c.notNull())
      .addColumn('current_minute', 'bigint', (c) => c.notNull())
      .addColumn('current_minute_stamps', 'integer', (c) => c.notNull())
      .addColumn('flyer_stamps', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('store_pace_pk', ['vendor_id', 'day'])
      .execute();

    await db.schema.alterTable('stamp_events').addColumn('code_key', 'text').execute();
    await db.schema.alterTable('stamp_events').addColumn('client_network', 'text').execute();
    await db.schema.alterTable('stamp_events').addColumn('code_age_ms', 'bigint').execute();
    await db.schema.alterTable('stamp_events').addColumn('new_device', 'integer').execute();
    await db.schema.alterTable('stamp_events').addColumn('code_stamps', 'integer').execute();
    await db.schema.alterTable('stamp_events').addColumn('code_networks', 'integer').execute();
    await db.schema.alterTable('stamp_events').addColumn('device_stores', 'integer').execute();
    await db.schema.alterTable('stamp_events').addColumn('voided_at', 'bigint').execute();
    await db.schema.createIndex('stamp_events_code_idx').on('stamp_events').column('code_key').execute();
    await db.schema.createIndex('stamp_events_customer_time_idx').on('stamp_events').columns(['customer_id', 'created_at']).execute();

    await db.schema.alterTable('stamp_cards').addColumn('removed_stamps', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('stamp_cards').addColumn('removed_at', 'bigint').execute();

    await db.schema.alterTable('vendors').addColumn('code_budget_floor', 'integer').execute();
    await db.schema.alterTable('vendors').addColumn('flyer_budget_floor', 'integer').execute();

    await db.schema
      .createTable('relay_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('code_key', 'text')
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('client_address', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('relay_audit_vendor_idx').on('relay_audit').columns(['vendor_id', 'created_at']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('relay_audit').ifExists().execute();
    await db.schema.alterTable('vendors').dropColumn('flyer_budget_floor').execute();
    await db.schema.alterTable('vendors').dropColumn('code_budget_floor').execute();
    await db.schema.alterTable('stamp_cards').dropColumn('removed_at').execute();
    await db.schema.alterTable('stamp_cards').dropColumn('removed_stamps').execute();
    await db.schema.dropIndex('stamp_events_customer_time_idx').ifExists().execute();
    await db.schema.dropIndex('stamp_events_code_idx').ifExists().execute();
    for (const column of ['voided_at', 'device_stores', 'code_networks', 'code_stamps', 'new_device', 'code_age_ms', 'client_network', 'code_key']) {
      await db.schema.alterTable('stamp_events').dropColumn(column).execute();
    }
    await db.schema.dropTable('store_pace').ifExists().execute();
    await db.schema.dropTable('code_networks').ifExists().execute();
    await db.schema.dropTable('code_usage').ifExists().execute();
  };
}
