// SQL for menu files waiting to be scanned (registration's optional menu): claim one under a lease,
// renew the lease while scanning, then settle it.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MenuUploadTable } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export type MenuUpload = Selectable<MenuUploadTable>;
export type MenuUploadStatus = 'pending' | 'scanning' | 'done' | 'failed';

export interface Lease {
  /** The claiming server's id (one per process). */
  owner: string;
  /** Epoch ms. */
  now: number;
  /** How long the claim holds without renewal. */
  ttlMs: number;
}

/**
 * Takes the oldest pending upload, or a 'scanning' one whose lease has expired (its server died), and
 * marks it 'scanning' for `lease.owner` until `now + ttlMs`. The conditional update makes the claim safe
 * when several servers share the database: whoever updates the row owns it. undefined when none is due.
 */
export async function claimOldestPendingUpload(db: Queryable, lease: Lease): Promise<MenuUpload | undefined> {
  for (;;) {
    const next = await db
      .selectFrom('menu_uploads')
      .selectAll()
      .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'scanning'), eb('lease_expires_at', '<=', lease.now)])]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const expiresAt = lease.now + lease.ttlMs;
    const claimed = await db
      .updateTable('menu_uploads')
      .set({ status: 'scanning', lease_owner: lease.owner, lease_expires_at: expiresAt })
      .where('id', '=', next.id)
      .where('status', '=', next.status)
      // The lease seen is the lease replaced: a server that renewed it in between keeps it.
      .where((eb) => (next.lease_owner === null ? eb('lease_owner', 'is', null) : eb('lease_owner', '=', next.lease_owner)))
      .where((eb) => (next.lease_expires_at === null ? eb('lease_expires_at', 'is', null) : eb('lease_expires_at', '=', next.lease_expires_at)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return { ...next, status: 'scanning', lease_owner: lease.owner, lease_expires_at: expiresAt };
  }
}

/** Extends this server's lease; false when the upload is no longer ours (it expired and was taken). */
export async function renewUploadLease(db: Queryable, id: string, lease: Lease): Promise<boolean> {
  const result = await db
    .updateTable('menu_uploads')
    .set({ lease_expires_at: lease.now + lease.ttlMs })
    .where('id', '=', id)
    .where('status', '=', 'scanning')
    .where('lease_owner', '=', lease.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the outcome and drops the file's bytes (once scanned, nobody needs them) — only while `owner`
 * holds the upload, so a server that lost its lease cannot overwrite the new owner's result.
 */
export async function settleUpload(db: Queryable, id: string, status: 'done' | 'failed', owner: string): Promise<boolean> {
  const result = await db
    .updateTable('menu_uploads')
    .set({ status, data: Buffer.alloc(0), lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('status', '=', 'scanning')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Uploads left 'scanning' by a server that is gone (lease expired, or none: rows from before leases)
 * go back to the queue. A live server's scan, whose lease it keeps renewing, is left alone.
 */
export async function requeueInterruptedUploads(db: Queryable, now: number): Promise<number> {
  const result = await db
    .updateTable('menu_uploads')
    .set({ status: 'pending', lease_owner: null, lease_expires_at: null })
    .where('status', '=', 'scanning')
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
