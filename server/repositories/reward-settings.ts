// SQL for the store's saved reward settings (one row per store; none until the owner saves them).
import type { Kysely, Transaction } from 'kysely';
import type { Database, StampMode } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface RewardSettingsRow {
  stampMode: StampMode;
  maxPerTransaction: number;
  autoRedeem: boolean;
  expiryDays: number | null;
}

export async function findRewardSettings(db: Queryable, vendorId: string): Promise<RewardSettingsRow | undefined> {
  const row = await db.selectFrom('reward_settings').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst();
  if (!row) return undefined;
  return {
    stampMode: row.stamp_mode,
    maxPerTransaction: Number(row.max_per_transaction),
    autoRedeem: Number(row.auto_redeem) === 1,
    expiryDays: row.expiry_days === null ? null : Number(row.expiry_days),
  };
}

/** Insert or replace the store's settings in one statement. */
export async function upsertRewardSettings(db: Queryable, vendorId: string, settings: RewardSettingsRow, now: number): Promise<void> {
  const values = {
    stamp_mode: settings.stampMode,
    max_per_transaction: settings.maxPerTransaction,
    auto_redeem: settings.autoRedeem ? 1 : 0,
    expiry_days: settings.expiryDays,
    updated_at: now,
  };
  await db
    .insertInto('reward_settings')
    .values({ vendor_id: vendorId, ...values })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet(values))
    .execute();
}

/** How many of the store's cards hold each number of stamps (cards with stamps only), from the kept histogram. */
export async function cardsByStamps(db: Queryable, vendorId: string): Promise<{ stamps: number; cards: number }[]> {
  const rows = await db
    .selectFrom('store_card_stamps')
    .select(['stamps', 'cards'])
    .where('vendor_id', '=', vendorId)
    .where('stamps', '>', 0)
    .where('cards', '>', 0)
    .orderBy('stamps')
    .execute();
  return rows.map((r) => ({ stamps: Number(r.stamps), cards: Number(r.cards) }));
}
