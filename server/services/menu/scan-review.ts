// The vendor checks a scan's new items against the menu: the pictures of the scanned pages and where on
// them each item was read, kept with the scan (the newest few per store). Corrections are ordinary item
// edits (items.ts); nothing here learns from them.
import type { MenuItemRegion, MenuScanReviewResponse } from '../../../src/api/contract/vendor';
import type { AppDeps } from '../../deps';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../http-errors';
import type { ItemRegion, MenuPageView } from '../../menu-scan';
import { deleteOlderMenuScans, findMenuScanImage, findMenuScanPages, insertMenuScan, listScanItemRegions, type NewItemRegion } from '../../repositories/menu-scans';

/** A store keeps the pictures of its newest scans only: a review happens right after the scan. */
export const KEPT_SCANS_PER_STORE = 3;
/** Regions are stored in ten-thousandths of the page: finer than any screen shows. */
const REGION_SCALE = 10_000;

/** An item the scan added, with the place it was read, if known. */
export interface AddedItemPlace {
  itemId: string;
  region?: ItemRegion;
}

/**
 * Keeps the scan's page pictures and the places of the items it added (inside the transaction that
 * adds them), and lets older scans of the store go.
 */
export async function keepScanForReview(
  trx: Transaction<Database>,
  scan: { uploadId: string; vendorId: string; now: number },
  pages: readonly MenuPageView[],
  added: readonly AddedItemPlace[],
): Promise<void> {
  const pictured = new Set(pages.map((page) => page.page));
  const regions: NewItemRegion[] = [];
  for (const { itemId, region } of added) {
    // An outline on a page without a picture could not be shown.
    if (!region || !pictured.has(region.page)) continue;
    regions.push({ item_id: itemId, page: region.page, ...scaled(region) });
  }
  await insertMenuScan(
    trx,
    { id: scan.uploadId, vendorId: scan.vendorId, createdAt: scan.now },
    pages.map(({ page, jpeg, width, height }) => ({ page, image: jpeg, width, height })),
    regions,
  );
  await deleteOlderMenuScans(trx, scan.vendorId, KEPT_SCANS_PER_STORE);
}

function scaled(region: ItemRegion): { x: number; y: number; width: number; height: number } {
  const unit = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * REGION_SCALE);
  const x = unit(region.x);
  const y = unit(region.y);
  return { x, y, width: Math.min(REGION_SCALE - x, unit(region.width)), height: Math.min(REGION_SCALE - y, unit(region.height)) };
}

/** The scan's pages and the places of its items still on the menu; 404 when the store has no such scan. */
export async function readScanReview(deps: Pick<AppDeps, 'db'>, vendorId: string, uploadId: string): Promise<MenuScanReviewResponse> {
  const pages = await findMenuScanPages(deps.db.kysely, vendorId, uploadId);
  if (!pages) throw notFound();
  const rows = await listScanItemRegions(deps.db.kysely, uploadId);
  const regions: MenuItemRegion[] = rows.map((row) => ({
    itemId: row.item_id,
    page: row.page,
    x: row.x / REGION_SCALE,
    y: row.y / REGION_SCALE,
    width: row.width / REGION_SCALE,
    height: row.height / REGION_SCALE,
  }));
  return { uploadId, pages, regions };
}

/** One page's picture (JPEG) of the store's scan; 404 otherwise. */
export async function readScanPageImage(deps: Pick<AppDeps, 'db'>, vendorId: string, uploadId: string, page: number): Promise<Buffer> {
  const image = await findMenuScanImage(deps.db.kysely, vendorId, uploadId, page);
  if (!image) throw notFound();
  return image;
}
