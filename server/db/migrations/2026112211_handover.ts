// Frozen in time: a claim is a pending reward until the counter hands it over (or it expires
// and its stamps go back to the card); cards keep lifetime visit and reward counts for the Customers
// page; a customer may delete their wallet (deleted_at, name and e-mail erased).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    // Claims made before hand-over existed were shown to staff and are taken as given at claim time.
    await db.schema.alterTable('redemptions').addColumn('status', 'text', (c) => c.notNull().defaultTo('given')).execute();
    await db.schema.alterTable('redemptions').addColumn('code', 'text').execute();
    await db.schema.alterTable('redemptions').addColumn('expires_at', 'bigint').execute();
    await db.schema.alterTable('redemptions').addColumn('given_at', 'bigint').execute();
    await db.schema.alterTable('redemptions').addColumn('given_via', 'text').execute();
    await db.schema.alterTable('redemptions').addColumn('expired_at', 'bigint').execute();
    await db.updateTable('redemptions').set({ given_at: sql.ref('created_at') }).execute();

    // The counts per status of one store, and its pending list.
    await db.schema.createIndex('redemptions_vendor_status_idx').on('redemptions').columns(['vendor_id', 'status', 'created_at']).execute();
    // A typed code names one pending claim of the store; partial, so codes are reused once given or expired.
    await db.schema
      .createIndex('redemptions_pending_code_unique')
      .unique()
      .on('redemptions')
      .columns(['vendor_id', 'code'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    // The expiry sweep: pending claims by deadline.
    await db.schema.createIndex('redemptions_status_expires_idx').on('redemptions').columns(['status', 'expires_at']).execute();
    // The activity export reads hand-overs and expiries in time order.
    await db.schema.createIndex('redemptions_vendor_given_idx').on('redemptions').columns(['vendor_id', 'given_at']).execute();
    await db.schema.createIndex('redemptions_vendor_expired_idx').on('redemptions').columns(['vendor_id', 'expired_at']).execute();

    await db.schema.alterTable('stamp_cards').addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('stamp_cards').addColumn('rewards_given', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`UPDATE stamp_cards SET
      visits = (SELECT COUNT(*) FROM stamp_events e WHERE e.card_id = stamp_cards.id),
      rewards_given = (SELECT COUNT(*) FROM redemptions r WHERE r.card_id = stamp_cards.id)`.execute(db);
    // Keyset pagination of the Customers page, one index per sort order (ties broken by id).
    for (const column of ['last_stamp_at', 'created_at', 'visits', 'stamps', 'rewards_given']) {
      await db.schema.createIndex(`stamp_cards_vendor_${column}_idx`).on('stamp_cards').columns(['vendor_id', column, 'id']).execute();
    }

    await db.schema.alterTable('customers').addColumn('deleted_at', 'bigint').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    for (const column of ['last_stamp_at', 'created_at', 'visits', 'stamps', 'rewards_given']) {
      await db.schema.dropIndex(`stamp_cards_vendor_${column}_idx`).ifExists().execute();
    }
    for (const index of ['redemptions_vendor_status_idx', 'redemptions_pending_code_unique', 'redemptions_status_expires_idx', 'redemptions_vendor_given_idx', 'redemptions_vendor_expired_idx']) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    await db.schema.alterTable('customers').dropColumn('deleted_at').execute();
    for (const column of ['visits', 'rewards_given']) await db.schema.alterTable('stamp_cards').dropColumn(column).execute();
    for (const column of ['status', 'code', 'expires_at', 'given_at', 'given_via', 'expired_at']) {
      await db.schema.alterTable('redemptions').dropColumn(column).execute();
    }
  };
}
