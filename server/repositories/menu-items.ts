// SQL for a vendor's menu items (price in integer cents, or null when the item has no price).
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, MenuItem, MenuItemTable } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';

type Queryable = Kysely<Database> | Transaction<Database>;

export type NewMenuItem = Insertable<MenuItemTable>;

/** The vendor's items in the order they were added (ids sort in creation order within a millisecond). */
export async function listMenuItems(db: Queryable, vendorId: string): Promise<MenuItem[]> {
  return menuItemsQuery(db, vendorId);
}

// Built once per database handle (GET /api/vendor/:id).
const menuItemsQuery = reusableQuery<[vendorId: string], MenuItem>(1, (db, vendorId) =>
  db.selectFrom('menu_items').selectAll().where('vendor_id', '=', vendorId).orderBy('created_at').orderBy('id'),
);

export async function countMenuItems(db: Queryable, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('menu_items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listMenuItemNames(db: Queryable, vendorId: string): Promise<string[]> {
  const rows = await db.selectFrom('menu_items').select('name').where('vendor_id', '=', vendorId).execute();
  return rows.map((row) => row.name);
}

export async function insertMenuItems(db: Queryable, items: readonly NewMenuItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.insertInto('menu_items').values([...items]).execute();
}

/**
 * Deletes the item only if it belongs to this vendor; false otherwise (unknown id, or another
 * vendor's item). A reward naming it loses the reference through the foreign key (ON DELETE SET NULL).
 */
export async function deleteMenuItem(db: Queryable, vendorId: string, itemId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('menu_items')
    .where('id', '=', itemId)
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Changes the item only if it belongs to this vendor; answers it as saved, or undefined otherwise. */
export async function updateMenuItem(
  db: Queryable,
  vendorId: string,
  itemId: string,
  change: { name?: string; price_cents?: number | null },
): Promise<MenuItem | undefined> {
  if (change.name !== undefined || change.price_cents !== undefined) {
    await db.updateTable('menu_items').set(change).where('id', '=', itemId).where('vendor_id', '=', vendorId).execute();
  }
  return db.selectFrom('menu_items').selectAll().where('id', '=', itemId).where('vendor_id', '=', vendorId).executeTakeFirst();
}

/** Deletes this vendor's items that the given upload added; answers how many. */
export async function deleteUploadItems(db: Queryable, vendorId: string, uploadId: string): Promise<number> {
  const result = await db.deleteFrom('menu_items').where('vendor_id', '=', vendorId).where('upload_id', '=', uploadId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
