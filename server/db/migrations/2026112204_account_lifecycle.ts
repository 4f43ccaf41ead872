// Frozen in time: revocable vendor sessions and e-mail confirmation for customers.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    // Session tokens carry the generation they were issued in; a password change or reset bumps it,
    // which ends every earlier session of the vendor on every server sharing the database.
    await db.schema
      .alterTable('vendors')
      .addColumn('session_generation', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    // Sessions ended by Logout, by their `jti`, until the token would have expired anyway.
    await db.schema
      .createTable('revoked_sessions')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('revoked_sessions_expires_idx').on('revoked_sessions').column('expires_at').execute();

    // An e-mail address a customer asked to use, waiting for them to open the link mailed to it.
    await db.schema
      .createTable('customer_email_confirmations')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_normalized', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('customer_email_confirmations_customer_idx')
      .on('customer_email_confirmations')
      .columns(['customer_id', 'created_at'])
      .execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('customer_email_confirmations').ifExists().execute();
    await db.schema.dropTable('revoked_sessions').ifExists().execute();
    await db.schema.alterTable('vendors').dropColumn('session_generation').execute();
  };
}
