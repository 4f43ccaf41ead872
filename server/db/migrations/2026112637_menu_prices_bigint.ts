// Frozen in time: menu prices in hundredths of any currency's unit up to its own limit (999,999,999.99 dong
// is 99,999,999,999 hundredths, past PostgreSQL's 4-byte integer). SQLite's integers already hold 8 bytes.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    if (dialect !== 'postgres') return;
    await sql`ALTER TABLE menu_items ALTER COLUMN price_cents TYPE bigint`.execute(db);
  };
}

export function down(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    if (dialect !== 'postgres') return;
    // A price past the 4-byte range cannot go back: the migration down fails rather than change it.
    await sql`ALTER TABLE menu_items ALTER COLUMN price_cents TYPE integer`.execute(db);
  };
}
