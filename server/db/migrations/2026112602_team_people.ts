// Frozen in time: a store is a team. Each store's people (the owner who registered it, and the managers and
// staff the owner invited), and the owner's invitations. Every existing store gets its owner person, whose id
// is the vendor id (so session tokens from before name the owner) and whose e-mail and password stay on the
// vendor row.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('people')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      // null for the owner: their e-mail, name and password are the vendor row's.
      .addColumn('email', 'text')
      .addColumn('email_normalized', 'text', (c) => c.unique())
      .addColumn('name', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('session_generation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invited_by', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('people_by_vendor').on('people').columns(['vendor_id', 'created_at']).execute();
    // One owner per store.
    await sql`CREATE UNIQUE INDEX people_one_owner_per_store ON people (vendor_id) WHERE role = 'owner'`.execute(db);
    await sql`INSERT INTO people (id, vendor_id, role, created_at) SELECT id, id, 'owner', created_at FROM vendors`.execute(db);

    await db.schema
      .createTable('invitations')
      // SHA-256 (hex) of the token; the token itself is only ever in the e-mail.
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_normalized', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('invitations_by_vendor').on('invitations').columns(['vendor_id', 'email_normalized']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('invitations').ifExists().execute();
    await db.schema.dropTable('people').ifExists().execute();
  };
}
