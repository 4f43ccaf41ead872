// Frozen in time: a wallet sign-in link remembers the wallet of the phone that asked for it (null when that
// phone had none), so opening it on another phone whose wallet holds cards merges nothing without asking.
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('customer_recovery_tokens').addColumn('requested_by', 'text').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('customer_recovery_tokens').dropColumn('requested_by').execute();
  };
}
