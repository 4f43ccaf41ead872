// SQL for the pictures of scanned menus and where on them each added item was read (menu_scans,
// menu_scan_pages, menu_item_regions).
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MenuItemRegionTable, MenuScanPageTable } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export type NewScanPage = Omit<Insertable<MenuScanPageTable>, 'scan_id'>;
export type NewItemRegion = Omit<Insertable<MenuItemRegionTable>, 'scan_id'>;
export type ItemRegionRow = Selectable<MenuItemRegionTable>;
export type ScanPageSize = Pick<Selectable<MenuScanPageTable>, 'page' | 'width' | 'height'>;

export async function insertMenuScan(
  db: Queryable,
  scan: { id: string; vendorId: string; createdAt: number },
  pages: readonly NewScanPage[],
  regions: readonly NewItemRegion[],
): Promise<void> {
  await db.insertInto('menu_scans').values({ id: scan.id, vendor_id: scan.vendorId, created_at: scan.createdAt }).execute();
  if (pages.length > 0) await db.insertInto('menu_scan_pages').values(pages.map((page) => ({ ...page, scan_id: scan.id }))).execute();
  if (regions.length > 0) await db.insertInto('menu_item_regions').values(regions.map((region) => ({ ...region, scan_id: scan.id }))).execute();
}

/** Deletes this vendor's scans but the `keep` newest (their pictures and regions go with them); answers how many went. */
export async function deleteOlderMenuScans(db: Queryable, vendorId: string, keep: number): Promise<number> {
  const kept = await db
    .selectFrom('menu_scans')
    .select('id')
    .where('vendor_id', '=', vendorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep)
    .execute();
  let query = db.deleteFrom('menu_scans').where('vendor_id', '=', vendorId);
  if (kept.length > 0) query = query.where('id', 'not in', kept.map((row) => row.id));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The scan's page sizes, or undefined when the vendor has no such scan (another vendor's scan included). */
export async function findMenuScanPages(db: Queryable, vendorId: string, scanId: string): Promise<ScanPageSize[] | undefined> {
  const scan = await db.selectFrom('menu_scans').select('id').where('id', '=', scanId).where('vendor_id', '=', vendorId).executeTakeFirst();
  if (!scan) return undefined;
  return db.selectFrom('menu_scan_pages').select(['page', 'width', 'height']).where('scan_id', '=', scanId).orderBy('page').execute();
}

/** The regions of the scan's items that are still on the menu, in the order the items were added. */
export async function listScanItemRegions(db: Queryable, scanId: string): Promise<ItemRegionRow[]> {
  return db
    .selectFrom('menu_item_regions')
    .innerJoin('menu_items', 'menu_items.id', 'menu_item_regions.item_id')
    .selectAll('menu_item_regions')
    .where('menu_item_regions.scan_id', '=', scanId)
    .orderBy('menu_items.created_at')
    .orderBy('menu_items.id')
    .execute();
}

/** One page's picture of this vendor's scan, or undefined. */
export async function findMenuScanImage(db: Queryable, vendorId: string, scanId: string, page: number): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('menu_scan_pages')
    .innerJoin('menu_scans', 'menu_scans.id', 'menu_scan_pages.scan_id')
    .select('menu_scan_pages.image')
    .where('menu_scans.id', '=', scanId)
    .where('menu_scans.vendor_id', '=', vendorId)
    .where('menu_scan_pages.page', '=', page)
    .executeTakeFirst();
  return row?.image;
}
