// Frozen in time: a scanned menu item remembers the upload that added it, so the vendor
// can remove exactly that upload's items after a bad read.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('menu_items').addColumn('upload_id', 'text').execute();
    await db.schema.createIndex('menu_items_vendor_upload').on('menu_items').columns(['vendor_id', 'upload_id']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('menu_items_vendor_upload').ifExists().execute();
    await db.schema.alterTable('menu_items').dropColumn('upload_id').execute();
  };
}
