// Frozen in time: the activity list counts every row it shows — stamps, voided ones included,
// and claims — so that a page counted from the oldest event lines up with the same page counted from the
// newest. The running stamp count leaves voided stamps out; this partial index holds only the (few) voided
// stamps, so counting a store's is a short index range, whatever the size of its history.
import { sql, type Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await sql`CREATE INDEX stamp_events_vendor_voided_idx ON stamp_events (vendor_id) WHERE voided_at IS NOT NULL`.execute(db);
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('stamp_events_vendor_voided_idx').ifExists().execute();
  };
}
