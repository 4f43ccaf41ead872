// POST /api/vendor/:vendorId/upload-menu: a menu file scanned while the vendor waits, its new items
// added to the menu. Also the scanner call that the background runs (pending-uploads.ts) share.
import type { MenuItemDto } from '../../../src/api/contract/vendor';
import type { AppDeps } from '../../deps';
import { badRequest, HttpError } from '../../http-errors';
import { MenuScanRejected } from '../../menu-scan/errors';
import type { MenuFileKind, MenuScanForReview, ScannedItem } from '../../menu-scan';
import type { ServiceLogger } from '../../infra/logger';
import { checkMenuFile } from '../uploads';
import { addScannedItemsCounted, newMenuItemId } from './items';

export const SCAN_FAILED_MESSAGE = 'We could not read this menu.';

/** Runs the scanner; its refusals keep their 4xx, anything else becomes 422 'We could not read this menu.'. */
export async function scanOrReject(deps: Pick<AppDeps, 'menuScanner'>, file: Buffer, kind: MenuFileKind, log: ServiceLogger): Promise<ScannedItem[]> {
  return refusalsAsHttp(() => deps.menuScanner.scan(file, kind), kind, log);
}

/** As scanOrReject, with the page pictures the items' places refer to (none when the scanner has no pictures to give). */
async function scanForReviewOrReject(deps: Pick<AppDeps, 'menuScanner'>, file: Buffer, kind: MenuFileKind, log: ServiceLogger): Promise<MenuScanForReview> {
  const scanForReview = deps.menuScanner.scanForReview?.bind(deps.menuScanner);
  if (!scanForReview) return { items: await scanOrReject(deps, file, kind, log), pages: [] };
  return refusalsAsHttp(() => scanForReview(file, kind), kind, log);
}

async function refusalsAsHttp<T>(scan: () => Promise<T>, kind: MenuFileKind, log: ServiceLogger): Promise<T> {
  try {
    return await scan();
  } catch (error) {
    if (error instanceof MenuScanRejected) {
      log.info({ reason: error.reason, kind }, 'menu scan refused');
      throw new HttpError(
        error.httpStatus,
        error.reason === 'image-too-large'
          ? 'This menu image has too many pixels to scan. Please upload a smaller photo.'
          : 'This menu took too long to read. Please try a clearer photo or a smaller file.',
      );
    }
    log.error({ err: error, kind }, 'menu scan failed');
    throw new HttpError(422, SCAN_FAILED_MESSAGE);
  }
}

/**
 * Checks the file (400/413/415), scans it (one scan per vendor, a few per server: 429), adds the
 * items the menu lacks and answers them ([] when the scan found nothing new), with how many it found
 * that the menu already had.
 */
export async function uploadMenu(
  deps: Pick<AppDeps, 'db' | 'now' | 'menuScanner' | 'menuScans'>,
  vendorId: string,
  file: Buffer | undefined,
  log: ServiceLogger,
): Promise<{ newItems: MenuItemDto[]; uploadId: string; alreadyOnMenu: number }> {
  if (!file) throw badRequest('Choose a menu file to upload.', [{ field: 'menu', message: 'is required' }]);
  const release = deps.menuScans.gate.tryEnter(vendorId);
  try {
    const kind = await checkMenuFile(file);
    const scanned = await scanForReviewOrReject(deps, file, kind, log);
    const uploadId = `u${newMenuItemId(deps.now())}`;
    const { added, alreadyOnMenu } = await addScannedItemsCounted(deps, vendorId, scanned.items, uploadId, { pages: scanned.pages });
    return { newItems: added, uploadId, alreadyOnMenu };
  } finally {
    release();
  }
}
