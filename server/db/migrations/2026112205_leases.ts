// Frozen in time: work that belongs to one server carries that server's id and an expiry.
// A menu scan is leased to the server reading it, and each open live feed holds one of its vendor's
// numbered places, so the per-vendor cap holds however many servers share the database.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('menu_uploads').addColumn('lease_owner', 'text').execute();
    await db.schema.alterTable('menu_uploads').addColumn('lease_expires_at', 'bigint').execute();
    await db.schema
      .createTable('live_streams')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('live_streams_vendor_slot_unique', ['vendor_id', 'slot'])
      .execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('live_streams').ifExists().execute();
    await db.schema.alterTable('menu_uploads').dropColumn('lease_expires_at').execute();
    await db.schema.alterTable('menu_uploads').dropColumn('lease_owner').execute();
  };
}
