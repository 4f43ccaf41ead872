// A vendor's menu items: added and deleted by hand, and added in bulk from a scanned menu file (with
// duplicates of existing items skipped). Checking what was typed is item-input.ts's job.
import crypto from 'node:crypto';
import type { MenuItemDto } from '../../../src/api/contract/vendor';
import type { MenuItem } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http-errors';
import {
  countMenuItems,
  deleteMenuItem,
  deleteUploadItems,
  insertMenuItems,
  listMenuItemNames,
  listMenuItems,
  updateMenuItem,
  type NewMenuItem,
} from '../../repositories/menu-items';
import { touchStore } from '../../repositories/store-version';
import type { MenuPageView, ScannedItem } from '../../menu-scan';
import { keepScanForReview, type AddedItemPlace } from './scan-review';
import { cleanScannedItem, parseItemName, parsePriceCents, sameNameKey, shownPriceCents } from './item-input';
import { DEFAULT_CURRENCY, MAX_MENU_ITEMS } from '../../../src/api/contract/limits';
import { findStoreCurrency } from '../../repositories/vendor-profile';
import { inTransaction } from '../../db/transactions';

export { MAX_MENU_ITEMS };

type MenuDeps = Pick<AppDeps, 'db' | 'now'>;

/**
 * The wire shape of a menu item: price in the store's currency, or '' when the item has none. A stored 0 (a
 * price no form or route accepts, found in older rows) is answered as none and the row keeps it until the
 * vendor edits the item: an empty price is what the forms mean by it, and "$0.00" on a menu reads as "free".
 */
export function toMenuItemDto(item: Pick<MenuItem, 'id' | 'name' | 'price_cents'> & { upload_id?: string | null }): MenuItemDto {
  const dto: MenuItemDto = { _id: item.id, name: item.name, price: priceOf(shownPriceCents(item.price_cents)) };
  if (item.upload_id) dto.uploadId = item.upload_id;
  return dto;
}

/** The currency the store prices in (the default for a store that is gone: its writes fail on their own). */
async function storeCurrency(db: Parameters<typeof findStoreCurrency>[0], vendorId: string): Promise<string> {
  return (await findStoreCurrency(db, vendorId)) ?? DEFAULT_CURRENCY;
}

const priceOf = (cents: number | null): number | '' => (cents === null ? '' : cents / 100);

let idCounter = 0;

/**
 * Opaque item ids that sort in creation order among items created in the same millisecond (the
 * listing orders by created_at, then id): time in ms, a per-process counter, then randomness.
 */
export function newMenuItemId(now: number): string {
  idCounter = (idCounter + 1) % 0x1_0000_0000;
  const time = Math.max(0, Math.floor(now)).toString(16).padStart(12, '0');
  const counter = idCounter.toString(16).padStart(8, '0');
  return `${time}${counter}${crypto.randomBytes(6).toString('hex')}`;
}

export async function addMenuItem(deps: MenuDeps, vendorId: string, input: { itemName?: unknown; itemPrice?: unknown }): Promise<MenuItemDto> {
  const name = parseItemName(input.itemName);
  const priceCents = parsePriceCents(input.itemPrice, await storeCurrency(deps.db.kysely, vendorId));
  const now = deps.now();
  const item: NewMenuItem = { id: newMenuItemId(now), vendor_id: vendorId, name, price_cents: priceCents, created_at: now };
  await inTransaction(deps.db.kysely, async (trx) => {
    if ((await countMenuItems(trx, vendorId)) >= MAX_MENU_ITEMS) {
      throw conflict(`A menu can hold at most ${MAX_MENU_ITEMS} items. Delete some before adding more.`);
    }
    await insertMenuItems(trx, [item]);
    await touchStore(trx, vendorId, now);
  });
  return toMenuItemDto({ id: item.id, name, price_cents: priceCents });
}

/** The vendor's items in the order they were added. */
export async function listMenu(deps: Pick<AppDeps, 'db'>, vendorId: string): Promise<MenuItemDto[]> {
  return (await listMenuItems(deps.db.kysely, vendorId)).map(toMenuItemDto);
}

/**
 * A correction by the vendor (typically of a scanned item): a field left out keeps its value. It changes
 * the item only; nothing learns from it. 404 when the id is not one of this vendor's items.
 */
export async function editMenuItem(
  deps: MenuDeps,
  vendorId: string,
  itemId: string,
  input: { itemName?: unknown; itemPrice?: unknown },
): Promise<MenuItemDto> {
  const change: { name?: string; price_cents?: number | null } = {};
  if (input.itemName !== undefined) change.name = parseItemName(input.itemName);
  if (input.itemPrice !== undefined) change.price_cents = parsePriceCents(input.itemPrice, await storeCurrency(deps.db.kysely, vendorId));
  const saved = await inTransaction(deps.db.kysely, async (trx) => {
    const item = await updateMenuItem(trx, vendorId, itemId, change);
    if (item && (change.name !== undefined || change.price_cents !== undefined)) await touchStore(trx, vendorId, deps.now());
    return item;
  });
  if (!saved) throw notFound('This item is not on your menu.');
  return toMenuItemDto(saved);
}

/** 404 when the id is not one of this vendor's items (another vendor's item is never touched). */
export async function removeMenuItem(deps: MenuDeps, vendorId: string, itemId: string): Promise<void> {
  const deleted = await inTransaction(deps.db.kysely, async (trx) => {
    const gone = await deleteMenuItem(trx, vendorId, itemId);
    if (gone) await touchStore(trx, vendorId, deps.now());
    return gone;
  });
  if (!deleted) throw notFound('This item is not on your menu.');
}

/** Takes back a bad read: deletes exactly the items this upload added (0 when none are left). */
export async function removeUploadItems(deps: MenuDeps, vendorId: string, uploadId: string): Promise<number> {
  return inTransaction(deps.db.kysely, async (trx) => {
    const removed = await deleteUploadItems(trx, vendorId, uploadId);
    if (removed > 0) await touchStore(trx, vendorId, deps.now());
    return removed;
  });
}

/**
 * Adds the scanned items the vendor's menu lacks, in one transaction: names already on the menu
 * (case-insensitive) and repeats within the scan are skipped, and the menu stops at MAX_MENU_ITEMS.
 * Answers the items added, in scan order.
 */
export async function addScannedItems(deps: MenuDeps, vendorId: string, scanned: readonly ScannedItem[], uploadId: string): Promise<MenuItemDto[]> {
  return (await addScannedItemsCounted(deps, vendorId, scanned, uploadId)).added;
}

/**
 * The items added, and how many the scan found that the menu already had: a scan that only found those
 * tells the vendor so, rather than that it found nothing. With `review`, the scan's page pictures and the
 * added items' places are kept in the same transaction, for the vendor to check the items against.
 */
export async function addScannedItemsCounted(
  deps: MenuDeps,
  vendorId: string,
  scanned: readonly ScannedItem[],
  uploadId: string,
  review?: { pages: readonly MenuPageView[] },
): Promise<{ added: MenuItemDto[]; alreadyOnMenu: number }> {
  const now = deps.now();
  return inTransaction(deps.db.kysely, async (trx) => {
    const existing = await listMenuItemNames(trx, vendorId);
    const currency = await storeCurrency(trx, vendorId);
    const onMenu = new Set(existing.map(sameNameKey));
    const seen = new Set(onMenu);
    const alreadyOnMenu = new Set<string>();
    let room = MAX_MENU_ITEMS - existing.length;
    const rows: NewMenuItem[] = [];
    const places: AddedItemPlace[] = [];
    for (const raw of scanned) {
      const item = cleanScannedItem(raw, currency);
      if (!item) continue;
      const key = sameNameKey(item.name);
      if (onMenu.has(key)) alreadyOnMenu.add(key);
      if (room <= 0 || seen.has(key)) continue;
      seen.add(key);
      room -= 1;
      const id = newMenuItemId(now);
      rows.push({ id, vendor_id: vendorId, name: item.name, price_cents: item.priceCents, created_at: now, upload_id: uploadId });
      places.push(raw.region ? { itemId: id, region: raw.region } : { itemId: id });
    }
    await insertMenuItems(trx, rows);
    if (review && rows.length > 0) await keepScanForReview(trx, { uploadId, vendorId, now }, review.pages, places);
    if (rows.length > 0) await touchStore(trx, vendorId, now);
    const added = rows.map((row) => toMenuItemDto({ id: row.id, name: row.name, price_cents: row.price_cents ?? null, upload_id: uploadId }));
    return { added, alreadyOnMenu: alreadyOnMenu.size };
  });
}
