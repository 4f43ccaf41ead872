// Frozen in time: Account Settings. Each person's open sessions (so they can list them and sign one out),
// and the e-mail changes waiting for the link mailed to the new address.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('open_sessions')
      // The session token's jti.
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('person_id', 'text', (c) => c.notNull())
      // The session generation the token was issued in: a session of an older one has ended.
      .addColumn('generation', 'integer', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('signed_in_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('open_sessions_by_person').on('open_sessions').columns(['vendor_id', 'person_id']).execute();

    await db.schema
      .createTable('email_changes')
      // SHA-256 (hex) of the token; the token itself is only ever in the e-mail.
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_normalized', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('email_changes_by_person').on('email_changes').columns(['person_id', 'created_at']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('email_changes').ifExists().execute();
    await db.schema.dropTable('open_sessions').ifExists().execute();
  };
}
