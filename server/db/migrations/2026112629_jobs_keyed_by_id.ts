// Frozen in time: a job whose idempotency key is its own id (a campaign message's send job) writes no entry
// in the idempotency keys' index on PostgreSQL. Its id is its primary key, so the key is unique already, and
// every such job is one more entry in that index when the plan writes it and, the column being indexed, one
// more at each claim and completion (an update of an indexed row writes a new entry in each index). SQLite
// keeps its index: the constraint is part of the table there (only a rebuild of the queue would drop it) and
// a plan's log is not what slows its stamps.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    if (dialect !== 'postgres') return;
    await sql`ALTER TABLE jobs DROP CONSTRAINT jobs_idempotency_key_key`.execute(db);
    await sql`CREATE UNIQUE INDEX jobs_idempotency_key ON jobs (idempotency_key) WHERE idempotency_key <> id`.execute(db);
  };
}

export function down(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    if (dialect !== 'postgres') return;
    await sql`DROP INDEX jobs_idempotency_key`.execute(db);
    await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_idempotency_key_key UNIQUE (idempotency_key)`.execute(db);
  };
}
