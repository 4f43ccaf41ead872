// Frozen in time: a campaign message row written with less log. The (campaign, state) index goes: the one
// query it served, the delivery counts of the campaigns table, reads the campaign's messages through the
// unique key, which starts with the campaign; every planned message wrote an entry in it, and every
// settle (a change of state) a new one and a new entry in every other index of the table. On PostgreSQL
// the table's pages are filled to 70% from now on, so the attempting mark and the settle fit beside the
// row on its page: with no indexed column changed, neither writes an index entry.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('campaign_messages_by_state').execute();
    if (dialect === 'postgres') await sql`ALTER TABLE campaign_messages SET (fillfactor = 70)`.execute(db);
  };
}

export function down(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    if (dialect === 'postgres') await sql`ALTER TABLE campaign_messages RESET (fillfactor)`.execute(db);
    await db.schema.createIndex('campaign_messages_by_state').on('campaign_messages').columns(['campaign_id', 'state']).execute();
  };
}
