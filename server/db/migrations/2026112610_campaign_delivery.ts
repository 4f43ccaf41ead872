// Frozen in time: campaign delivery. One row per message (campaign, customer, channel, period), unique,
// so a retry or a second server never plans one twice; per-store opt-outs from campaign messages; the
// customer's opt-in to campaign e-mail and the language it was given in; the store's time zone (quiet
// hours); the campaign text a card's wallet pass shows.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('campaign_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('period', 'integer', (c) => c.notNull())
      // waiting | sent | failed (the dead letter) | skipped (the customer can no longer be reached on it)
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('campaign_messages_key').unique().on('campaign_messages').columns(['campaign_id', 'customer_id', 'channel', 'period']).execute();
    await db.schema.createIndex('campaign_messages_by_customer').on('campaign_messages').columns(['vendor_id', 'customer_id', 'due_at']).execute();
    await db.schema.createIndex('campaign_messages_by_state').on('campaign_messages').columns(['campaign_id', 'state']).execute();
    await db.schema
      .createTable('campaign_opt_outs')
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('campaign_opt_outs_pk', ['vendor_id', 'customer_id'])
      .execute();
    await db.schema
      .createTable('card_campaign_messages')
      .addColumn('card_id', 'text', (c) => c.primaryKey().references('stamp_cards.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('customers').addColumn('campaign_mail_opt_in', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('customers').addColumn('locale', 'text').execute();
    await db.schema.alterTable('vendors').addColumn('time_zone', 'text').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('vendors').dropColumn('time_zone').execute();
    await db.schema.alterTable('customers').dropColumn('locale').execute();
    await db.schema.alterTable('customers').dropColumn('campaign_mail_opt_in').execute();
    await db.schema.dropTable('card_campaign_messages').execute();
    await db.schema.dropTable('campaign_opt_outs').execute();
    await db.schema.dropTable('campaign_messages').execute();
  };
}
