// Frozen in time: what a bonus-stamps campaign has spent of its budget, and which stamps were bonus stamps
// (and of which campaign), so the activity list, the export and the budget agree.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    // In the minor unit of the store's currency (cents), as menu prices are kept.
    await db.schema.alterTable('campaigns').addColumn('bonus_spent_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('campaigns').addColumn('bonus_stamps', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('stamp_events').addColumn('bonus_campaign_id', 'text').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('stamp_events').dropColumn('bonus_campaign_id').execute();
    await db.schema.alterTable('campaigns').dropColumn('bonus_stamps').execute();
    await db.schema.alterTable('campaigns').dropColumn('bonus_spent_cents').execute();
  };
}
