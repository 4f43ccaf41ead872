// How the customer side presents a store, its reward and a card (rows in, wire types of src/api/contract/ out).
import dayjs from 'dayjs';
import type { CustomerCard, CustomerReward, CustomerStore, RedemptionDto } from '../../src/api/contract/customer';
import type { Redemption } from '../db/schema';
import type { CardRow, StoreRow } from '../repositories/cards';
import { imageUrl } from './images';
import { stampsExpireAt } from './stamp-expiry';

/** What a full card gives, when the vendor named neither a menu item nor a custom text. */
export const FALLBACK_REWARD_LABEL = 'Reward';
const HOUR_MS = 60 * 60 * 1000;

export function toStore(row: StoreRow): CustomerStore {
  return { vendorId: row.vendor_id, company: row.company, logo: imageUrl(row.logo_image_id), currency: row.currency };
}

export function rewardLabel(row: StoreRow): string {
  return row.reward_item_name?.trim() || row.reward_item_custom?.trim() || FALLBACK_REWARD_LABEL;
}

/** null when the store has no reward set up. */
export function toReward(row: StoreRow, now: number): CustomerReward | null {
  if (row.reward_stamps === null || row.reward_expiry === null) return null;
  const named = row.reward_item_name?.trim() || row.reward_item_custom?.trim();
  return {
    text: named ? `Buy ${row.reward_stamps} ${named}, get 1 free` : `Collect ${row.reward_stamps} stamps, get 1 free`,
    label: rewardLabel(row),
    stamps: row.reward_stamps,
    expiry: row.reward_expiry,
    ended: rewardEnded(row.reward_expiry, now),
  };
}

/**
 * A reward runs to the end of its expiry date wherever the store is: the date is compared with
 * today's date at UTC−12 ("anywhere on Earth"), so no store loses its last evening to a server in UTC.
 */
export function rewardEnded(expiry: string, now: number): boolean {
  return expiry < dateAnywhereOnEarth(now);
}

const DAY_MS = 24 * HOUR_MS;
/** The last day worked out (every scan asks, nearly always for the same day). */
let lastDay = { start: 0, end: 0, date: '' };

/** "2026-11-22": the date at UTC−12 at `now`. */
function dateAnywhereOnEarth(now: number): string {
  const shifted = now - 12 * HOUR_MS;
  if (shifted < lastDay.start || shifted >= lastDay.end) {
    const start = Math.floor(shifted / DAY_MS) * DAY_MS;
    lastDay = { start, end: start + DAY_MS, date: new Date(start).toISOString().slice(0, 10) };
  }
  return lastDay.date;
}

/** "31 Dec 2025". */
export function formatRewardDate(expiry: string): string {
  return dayjs(expiry).format('D MMM YYYY');
}

/**
 * "1 stamp removed by the store" shows until the customer's next stamp — never a silent change,
 * and not a notice forever either.
 */
function removedSinceLastStamp(row: CardRow): number {
  if (!row.removed_stamps || row.removed_at === null) return 0;
  return Number(row.removed_at) >= Number(row.last_stamp_at ?? 0) ? Number(row.removed_stamps) : 0;
}

export function toCard(row: CardRow, now: number): CustomerCard {
  const reward = toReward(row, now);
  const required = reward?.stamps ?? 0;
  const expiresAt = stampsExpireAt(row.last_stamp_at === null ? null : Number(row.last_stamp_at), row.stamps, row.settings_expiry_days === null ? null : Number(row.settings_expiry_days));
  // Stamps past their expiry count 0 even before a read records the expiry.
  const stamps = expiresAt !== null && expiresAt <= now ? 0 : row.stamps;
  return {
    id: row.id,
    store: toStore(row),
    reward,
    stamps,
    required,
    canClaim: reward !== null && stamps >= required,
    lastStampAt: row.last_stamp_at,
    updatedAt: row.updated_at,
    removedStamps: removedSinceLastStamp(row),
    stampsExpireAt: stamps > 0 ? expiresAt : null,
  };
}

export function toRedemption(row: Redemption, store: CustomerStore): RedemptionDto {
  const pending = row.status === 'pending';
  return {
    id: row.id,
    cardId: row.card_id,
    store,
    rewardLabel: row.reward_label,
    stampsRequired: row.stamps_required,
    claimedAt: Number(row.created_at),
    status: row.status,
    code: pending ? row.code : null,
    expiresAt: pending && row.expires_at !== null ? Number(row.expires_at) : null,
    givenAt: row.given_at === null ? null : Number(row.given_at),
  };
}
