// Frozen in time: the customer side — customers, their device credentials, stamp cards,
// the append-only stamp events and redemptions that dashboards read, and wallet recovery tokens.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('customers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('display_name', 'text')
      .addColumn('email', 'text')
      // Unique case-insensitively; NULL for anonymous customers (both databases allow many NULLs).
      .addColumn('email_normalized', 'text', (c) => c.unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    // One row per device: only the SHA-256 of the device's secret is stored.
    await db.schema
      .createTable('customer_credentials')
      .addColumn('credential_hash', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('customer_credentials_customer_idx').on('customer_credentials').column('customer_id').execute();

    await db.schema
      .createTable('customer_recovery_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('customer_recovery_tokens_customer_idx').on('customer_recovery_tokens').columns(['customer_id', 'created_at']).execute();

    await db.schema
      .createTable('stamp_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('stamps', 'integer', (c) => c.notNull().defaultTo(0))
      // The cooldown is checked in the same conditional UPDATE that adds the stamp, so it holds under concurrency.
      .addColumn('last_stamp_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('stamp_cards_customer_vendor_unique', ['customer_id', 'vendor_id'])
      .execute();
    await db.schema.createIndex('stamp_cards_vendor_idx').on('stamp_cards').columns(['vendor_id', 'updated_at']).execute();

    await db.schema
      .createTable('stamp_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('card_id', 'text', (c) => c.notNull().references('stamp_cards.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // One stamp per customer per dynamic token. Partial: a printable flyer's token id repeats by design
    // (its limit is the longer cooldown), and a partial unique index works the same on both databases.
    await db.schema
      .createIndex('stamp_events_customer_token_unique')
      .unique()
      .on('stamp_events')
      .columns(['customer_id', 'token_id'])
      .where(sql.ref('kind'), '=', 'dynamic')
      .execute();
    await db.schema.createIndex('stamp_events_vendor_idx').on('stamp_events').columns(['vendor_id', 'created_at']).execute();
    await db.schema.createIndex('stamp_events_card_idx').on('stamp_events').columns(['card_id', 'created_at']).execute();

    await db.schema
      .createTable('redemptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('card_id', 'text', (c) => c.notNull().references('stamp_cards.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('stamps_required', 'integer', (c) => c.notNull())
      // What was given, as it read at claim time: the vendor may change the reward later.
      .addColumn('reward_label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('redemptions_vendor_idx').on('redemptions').columns(['vendor_id', 'created_at']).execute();
    await db.schema.createIndex('redemptions_card_idx').on('redemptions').columns(['card_id', 'created_at']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    for (const table of ['redemptions', 'stamp_events', 'stamp_cards', 'customer_recovery_tokens', 'customer_credentials', 'customers']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  };
}
