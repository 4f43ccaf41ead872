// Frozen in time: when the vendor first exported or printed their flyer (the first-day checklist).
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('vendors').addColumn('flyer_printed_at', 'bigint').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('vendors').dropColumn('flyer_printed_at').execute();
  };
}
