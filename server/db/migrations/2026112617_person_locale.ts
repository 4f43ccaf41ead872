// Frozen in time: each person's language (a code Stampwise speaks), chosen in the app's language switch. null
// until they choose: the app then follows the browser, and mails follow the page they were asked from.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('people').addColumn('locale', 'varchar(8)').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('people').dropColumn('locale').execute();
  };
}
