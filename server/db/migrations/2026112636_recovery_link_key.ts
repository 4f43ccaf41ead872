// Frozen in time: a wallet sign-in link also remembers the key of the phone that asked for it (SHA-256, hex),
// so a phone without a wallet is told apart from the phone a forwarded link reaches.
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('customer_recovery_tokens').addColumn('requested_by_key', 'text').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('customer_recovery_tokens').dropColumn('requested_by_key').execute();
  };
}
