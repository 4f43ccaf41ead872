// Frozen in time: the language a Google Wallet pass was saved in (the customer's page language then), so
// the updates sent later, by jobs without a request, keep the pass in that language. Null: English.
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('google_wallet_objects').addColumn('locale', 'text').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('google_wallet_objects').dropColumn('locale').execute();
  };
}
