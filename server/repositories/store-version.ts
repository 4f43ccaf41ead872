// The store's version: `vendors.updated_at`, which only ever moves forward. Every write to what
// GET /api/vendor/:id answers (the store profile, the menu) moves it on in the same transaction, so a
// server that cached that answer can tell, from the one read every vendor request makes anyway (the
// session check), whether it is still the current one — also after a write through another server.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/**
 * The value `vendors.updated_at` takes in an UPDATE: `now`, or one past its current value when that is not
 * earlier (several changes in one millisecond, or a server whose clock is behind). Every writer of the
 * column uses it: a value that went back could equal a version some server cached for older content.
 */
export function nextStoreVersion(now: number): RawBuilder<number> {
  return sql<number>`CASE WHEN updated_at >= ${now} THEN updated_at + 1 ELSE ${now} END`;
}

/** Moves the store's version on after a change to its menu; call it inside the change's transaction, after it. */
export async function touchStore(db: Queryable, vendorId: string, now: number): Promise<void> {
  await db.updateTable('vendors').set({ updated_at: nextStoreVersion(now) }).where('id', '=', vendorId).execute();
}
