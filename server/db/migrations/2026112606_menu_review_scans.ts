// Frozen in time: a menu scan keeps the pictures of its pages and where on them each item it added was
// read, so the vendor can check the items against the menu.
import type { Kysely } from 'kysely';
import { blobType, type Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('menu_scans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('menu_scans_vendor_idx').on('menu_scans').columns(['vendor_id', 'created_at']).execute();

    await db.schema
      .createTable('menu_scan_pages')
      .addColumn('scan_id', 'text', (c) => c.notNull().references('menu_scans.id').onDelete('cascade'))
      .addColumn('page', 'integer', (c) => c.notNull())
      .addColumn('image', blobType(dialect), (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('menu_scan_pages_pk', ['scan_id', 'page'])
      .execute();

    // Places in ten-thousandths of the page's width and height: integers read the same on both databases.
    await db.schema
      .createTable('menu_item_regions')
      .addColumn('item_id', 'text', (c) => c.primaryKey().references('menu_items.id').onDelete('cascade'))
      .addColumn('scan_id', 'text', (c) => c.notNull().references('menu_scans.id').onDelete('cascade'))
      .addColumn('page', 'integer', (c) => c.notNull())
      .addColumn('x', 'integer', (c) => c.notNull())
      .addColumn('y', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('menu_item_regions_scan_idx').on('menu_item_regions').column('scan_id').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    for (const table of ['menu_item_regions', 'menu_scan_pages', 'menu_scans']) await db.schema.dropTable(table).ifExists().execute();
  };
}
