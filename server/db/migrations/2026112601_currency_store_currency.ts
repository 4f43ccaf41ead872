// Frozen in time: each store's currency (ISO 4217 code); existing stores keep showing dollars.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .alterTable('vendors')
      .addColumn('currency', 'varchar(3)', (column) => column.notNull().defaultTo('USD'))
      .execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('vendors').dropColumn('currency').execute();
  };
}
