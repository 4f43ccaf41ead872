// Menus sent with registration (menu_uploads, status 'pending'), scanned in the background one at a
// time by whichever server claims them (a lease per upload), items added as upload-menu adds them.
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http-errors';
import { claimOldestPendingUpload, renewUploadLease, requeueInterruptedUploads, settleUpload, type Lease } from '../../repositories/menu-uploads';
import { consoleLogger, type ServiceLogger } from '../../infra/logger';
import { SERVER_ID } from '../../infra/server-id';
import { checkMenuFile } from '../uploads';
import { addScannedItems } from './items';
import type { PendingScanSummary } from './scan-queue';
import { scanOrReject } from './upload';

/** A claimed scan is this server's for this long; renewed every third of it while the scan runs. */
export const MENU_SCAN_LEASE_MS = 90_000;

type PendingDeps = Pick<AppDeps, 'db' | 'now' | 'menuScanner' | 'menuScans'>;

/**
 * Scans every pending menu upload, oldest first, one at a time, adding items as upload-menu does
 * and marking each 'done' or 'failed'. Safe to call fire-and-forget and as often as you like (e.g.
 * right after registration): calls during a run queue one more run, and the promise never rejects
 * (errors are logged). It resolves with what this run did once the queue is empty.
 */
export function processPendingMenuUploads(deps: PendingDeps, log: ServiceLogger = consoleLogger): Promise<PendingScanSummary> {
  return deps.menuScans.pending.run(() => drainPendingUploads(deps, log));
}

/** Called once at start-up: a scan whose server is gone (lease expired) is done again; live servers' scans are not. */
export async function requeueInterruptedMenuUploads(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  return requeueInterruptedUploads(deps.db.kysely, deps.now());
}

/** Called on shutdown: no new uploads are started; waits for the one being scanned. */
export async function stopProcessingMenuUploads(deps: Pick<AppDeps, 'menuScans'>): Promise<void> {
  await deps.menuScans.pending.stop();
}

const leaseFor = (deps: Pick<AppDeps, 'now'>): Lease => ({ owner: SERVER_ID, now: deps.now(), ttlMs: MENU_SCAN_LEASE_MS });

async function drainPendingUploads(deps: PendingDeps, log: ServiceLogger): Promise<PendingScanSummary> {
  const summary: PendingScanSummary = { done: 0, failed: 0, itemsAdded: 0 };
  try {
    while (!deps.menuScans.pending.stopped) {
      const upload = await claimOldestPendingUpload(deps.db.kysely, leaseFor(deps));
      if (!upload) break;
      const release = await deps.menuScans.gate.enter(upload.vendor_id);
      // OCR can outlast the lease: keep it while the scan runs, so no other server takes the upload.
      const renewal = setInterval(() => {
        renewUploadLease(deps.db.kysely, upload.id, leaseFor(deps)).catch((error: unknown) => log.error({ err: error, uploadId: upload.id }, 'could not renew a menu scan lease'));
      }, MENU_SCAN_LEASE_MS / 3);
      renewal.unref();
      let outcome: 'done' | 'failed' = 'failed';
      try {
        const kind = await checkMenuFile(upload.data);
        const added = await addScannedItems(deps, upload.vendor_id, await scanOrReject(deps, upload.data, kind, log), upload.id);
        outcome = 'done';
        summary.itemsAdded += added.length;
        log.info({ uploadId: upload.id, vendorId: upload.vendor_id, itemsAdded: added.length }, 'registration menu scanned');
      } catch (error) {
        const details = { err: error, uploadId: upload.id, vendorId: upload.vendor_id };
        // A refused file (HttpError: wrong type, damaged, too large) is the sender's doing, not ours.
        if (error instanceof HttpError) log.info(details, 'registration menu could not be scanned');
        else log.error(details, 'registration menu could not be scanned');
      } finally {
        clearInterval(renewal);
        release();
      }
      if (await settleUpload(deps.db.kysely, upload.id, outcome, SERVER_ID)) summary[outcome] += 1;
      else log.info({ uploadId: upload.id }, 'menu scan lease lost to another server; its result stands');
    }
  } catch (error) {
    log.error({ err: error }, 'processing pending menu uploads stopped');
  }
  return summary;
}
