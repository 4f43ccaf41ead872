// Frozen in time: a campaign's plan is written just ahead of its sends, a window at a time. The campaign
// remembers where the plan of its current period goes on (the customer after whom the next window starts,
// null when no plan is under way) and how many messages are still to be planned (counted as waiting).
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('campaigns').addColumn('plan_after', 'text').execute();
    await db.schema.alterTable('campaigns').addColumn('plan_period', 'integer').execute();
    await db.schema.alterTable('campaigns').addColumn('unplanned_messages', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('campaigns').dropColumn('unplanned_messages').execute();
    await db.schema.alterTable('campaigns').dropColumn('plan_period').execute();
    await db.schema.alterTable('campaigns').dropColumn('plan_after').execute();
  };
}
