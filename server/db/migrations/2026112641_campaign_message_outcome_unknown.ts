// Frozen in time: a campaign message remembers when a try of it ended without knowing whether the service
// took it (a mail relay silent after it had the whole message), so it is sent again at most once more.
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('campaign_messages').addColumn('outcome_unknown_at', 'bigint').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('campaign_messages').dropColumn('outcome_unknown_at').execute();
  };
}
