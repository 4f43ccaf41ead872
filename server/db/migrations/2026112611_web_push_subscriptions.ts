// Frozen in time: customers' web push subscriptions, one row per browser per store the customer
// asked for offers from. A browser has one push endpoint per site, shared by every store it follows,
// so the endpoint is unique per store rather than across the table.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('web_push_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      // The browser's P-256 public key and auth secret (base64url), which encrypt each message to it.
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_success_at', 'bigint')
      .addColumn('last_failure_at', 'bigint')
      .addUniqueConstraint('web_push_subscriptions_store_endpoint', ['vendor_id', 'endpoint'])
      .execute();
    await db.schema.createIndex('web_push_subscriptions_by_customer').on('web_push_subscriptions').columns(['vendor_id', 'customer_id']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('web_push_subscriptions').ifExists().execute();
  };
}
