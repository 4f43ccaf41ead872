// Frozen in time: the per-account sign-in failure counter, kept in the database so it is shared by
// every server process (PostgreSQL), follows the app's clock, and can be cleared by a successful login.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('login_failures')
      // SHA-256 (hex) of the normalized e-mail typed: strangers' addresses are not kept in clear.
      .addColumn('account_key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_started_at', 'bigint', (c) => c.notNull())
      .execute();
    // Lets the periodic clean-up find expired windows without a full scan.
    await db.schema.createIndex('login_failures_window_idx').on('login_failures').column('window_started_at').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('login_failures').ifExists().execute();
  };
}
