// Frozen in time: every store has a time zone. Stores from before it was asked for keep the UTC their quiet
// hours and campaign days already used; new stores get the one Store Settings first saves. The campaigns'
// notifications_sent column goes: the table counts messages from campaign_messages, nothing ever wrote it.
// A bonus stamp keeps what it cost, so voiding it gives exactly that back to its campaign's budget.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.updateTable('vendors').set({ time_zone: 'UTC' }).where('time_zone', 'is', null).execute();
    await db.schema.alterTable('campaigns').dropColumn('notifications_sent').execute();
    await db.schema.alterTable('stamp_events').addColumn('bonus_cost_cents', 'integer').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('stamp_events').dropColumn('bonus_cost_cents').execute();
    await db.schema.alterTable('campaigns').addColumn('notifications_sent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  };
}
