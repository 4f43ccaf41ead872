// Frozen in time: the first stamp of a scan remembers the phone's key for that scan attempt, so a retry of a scan
// whose answer was lost is known as the same scan (answered again, never stamped twice) on every server.
import { sql, type Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.alterTable('stamp_events').addColumn('scan_attempt', 'text').execute();
    // One scan per attempt of a customer: a retry racing the attempt it repeats fails here and is answered as it.
    // Partial: stamps without an attempt (older phones, the counter's own stamps) take no room in it.
    await db.schema
      .createIndex('stamp_events_customer_attempt_unique')
      .unique()
      .on('stamp_events')
      .columns(['customer_id', 'scan_attempt'])
      .where(sql.ref('scan_attempt'), 'is not', null)
      .execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('stamp_events_customer_attempt_unique').ifExists().execute();
    await db.schema.alterTable('stamp_events').dropColumn('scan_attempt').execute();
  };
}
