// Frozen in time: never edit a migration that has shipped; add a new one.
import type { Kysely } from 'kysely';
import { blobType, type Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('app_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('data', blobType(dialect), (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('vendors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('company', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('open_hours', 'text', (c) => c.notNull())
      .addColumn('website', 'text')
      .addColumn('logo_image_id', 'text', (c) => c.references('images.id'))
      .addColumn('banner_image_id', 'text', (c) => c.references('images.id'))
      .addColumn('password_hash', 'text')
      .addColumn('verified_at', 'bigint')
      .addColumn('printable_qr_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('email_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_tokens_vendor_idx').on('email_tokens').columns(['vendor_id', 'purpose', 'created_at']).execute();

    await db.schema
      .createTable('menu_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('menu_items_vendor_idx').on('menu_items').columns(['vendor_id', 'created_at']).execute();

    await db.schema
      .createTable('rewards')
      .addColumn('vendor_id', 'text', (c) => c.primaryKey().references('vendors.id').onDelete('cascade'))
      .addColumn('stamps', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.references('menu_items.id').onDelete('set null'))
      .addColumn('item_custom', 'text')
      .addColumn('expiry', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('menu_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('data', blobType(dialect), (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('menu_uploads_status_idx').on('menu_uploads').columns(['status', 'created_at']).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    for (const table of ['menu_uploads', 'rewards', 'menu_items', 'email_tokens', 'vendors', 'images', 'app_settings']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  };
}
