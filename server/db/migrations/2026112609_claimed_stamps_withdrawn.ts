// Frozen in time: how many stamps a card's claims spent that later stopped existing (voided by the store,
// or dropped as duplicates when two wallets merged) while the claim was kept. With it a card's count is
// accounted for from its rows: live stamps − stamps its claims hold + this.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .alterTable('stamp_cards')
      .addColumn('claimed_stamps_withdrawn', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('stamp_cards').dropColumn('claimed_stamps_withdrawn').execute();
  };
}
