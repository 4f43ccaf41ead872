// Frozen in time: the short-lived tickets that have been used (the live feed's, the Apple pass download
// link's), kept until they would have expired, so each opens what it names once, on every server sharing
// the database.
import type { Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('spent_tickets')
      // The ticket's purpose and its MAC (a ticket is known by its signature: no two tickets share one).
      .addColumn('ticket_id', 'text', (c) => c.primaryKey())
      // The rate-limit key of the client that spent it (an IPv4 address, an IPv6 /64).
      .addColumn('network', 'text', (c) => c.notNull())
      .addColumn('uses', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    // Lets the sweep of expired tickets find them without a full scan.
    await db.schema.createIndex('spent_tickets_expires_idx').on('spent_tickets').column('expires_at').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('spent_tickets').ifExists().execute();
  };
}
