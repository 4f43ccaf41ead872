// SQL for the punch-card reward (one row per vendor) and the menu items a reward may name.
import type { Kysely, Transaction } from 'kysely';
import type { Database, Reward } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface RewardRow {
  vendorId: string;
  stamps: number;
  itemId: string | null;
  itemCustom: string | null;
  expiry: string;
}

export async function findReward(db: Queryable, vendorId: string): Promise<Reward | undefined> {
  return db.selectFrom('rewards').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst();
}

/** Insert or replace the vendor's reward in one statement (ON CONFLICT works on SQLite and PostgreSQL). */
export async function upsertReward(db: Queryable, row: RewardRow, now: number): Promise<void> {
  const values = { stamps: row.stamps, item_id: row.itemId, item_custom: row.itemCustom, expiry: row.expiry, updated_at: now };
  await db
    .insertInto('rewards')
    .values({ vendor_id: row.vendorId, ...values })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet(values))
    .execute();
}

/** The vendor's menu items as the reward form lists them, oldest first (the order they were added). */
export async function listItemNames(db: Queryable, vendorId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('menu_items')
    .select(['id', 'name'])
    .where('vendor_id', '=', vendorId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** True when `itemId` is one of this vendor's items (another vendor's item id is not). */
export async function vendorHasItem(db: Queryable, vendorId: string, itemId: string): Promise<boolean> {
  const found = await db
    .selectFrom('menu_items')
    .select('id')
    .where('vendor_id', '=', vendorId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return found !== undefined;
}

export async function vendorExists(db: Queryable, vendorId: string): Promise<boolean> {
  const found = await db.selectFrom('vendors').select('id').where('id', '=', vendorId).executeTakeFirst();
  return found !== undefined;
}
