// SQL for menu files waiting to be scanned (registration's optional menu): claim one, then settle it.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MenuUploadTable } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export type MenuUpload = Selectable<MenuUploadTable>;
export type MenuUploadStatus = 'pending' | 'scanning' | 'done' | 'failed';

/**
 * Takes the oldest pending upload and marks it 'scanning'. The conditional update makes the claim
 * safe when several servers share the database: whoever updates the row owns it. undefined when
 * nothing is pending.
 */
export async function claimOldestPendingUpload(db: Queryable): Promise<MenuUpload | undefined> {
  for (;;) {
    const next = await db
      .selectFrom('menu_uploads')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const claimed = await db
      .updateTable('menu_uploads')
      .set({ status: 'scanning' })
      .where('id', '=', next.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return { ...next, status: 'scanning' };
  }
}

/** Records the outcome and drops the file's bytes: once scanned, nobody needs them. */
export async function settleUpload(db: Queryable, id: string, status: 'done' | 'failed'): Promise<void> {
  await db.updateTable('menu_uploads').set({ status, data: Buffer.alloc(0) }).where('id', '=', id).execute();
}

/** Uploads left 'scanning' by a server that stopped mid-scan go back to the queue. */
export async function requeueInterruptedUploads(db: Queryable): Promise<number> {
  const result = await db.updateTable('menu_uploads').set({ status: 'pending' }).where('status', '=', 'scanning').executeTakeFirst();
  return Number(result.numUpdatedRows);
}
