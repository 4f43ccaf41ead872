// Frozen in time: one durable job queue. A job is written in the same transaction as the change that
// causes it (an outbox), so a committed change always has its job and a rolled-back one never does.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('coalesce_key', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_after', 'bigint', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    // The claim's scan: due queued jobs, and running jobs whose server stopped renewing the lease.
    await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_after']).execute();
    // At most one waiting job per coalescing key: a burst of changes folds into the job already waiting.
    await sql`CREATE UNIQUE INDEX jobs_one_waiting_per_coalesce_key ON jobs (coalesce_key) WHERE state = 'queued' AND coalesce_key IS NOT NULL`.execute(db);
    // One Apple Wallet pass per card: a random serial, and only the hash of its web service token.
    await db.schema
      .createTable('apple_passes')
      .addColumn('card_id', 'text', (c) => c.primaryKey().references('stamp_cards.id').onDelete('cascade'))
      .addColumn('serial_number', 'text', (c) => c.notNull().unique())
      .addColumn('auth_token_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('apple_passes').ifExists().execute();
    await db.schema.dropTable('jobs').ifExists().execute();
  };
}
