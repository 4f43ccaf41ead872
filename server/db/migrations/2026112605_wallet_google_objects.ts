// Frozen in time: the Google Wallet object of each card that was offered to Google Wallet. The object
// id is random (it tells nothing about the card or the customer) and is all the pass refers to.
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('google_wallet_objects')
      .addColumn('card_id', 'text', (c) => c.primaryKey().references('stamp_cards.id').onDelete('cascade'))
      .addColumn('object_id', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('google_wallet_objects').ifExists().execute();
  };
}
