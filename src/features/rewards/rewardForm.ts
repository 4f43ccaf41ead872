// The punch-card form's rules as pure functions: clamping, validation, the payload, and the preview's arithmetic.
import dayjs, { type Dayjs } from 'dayjs';
import type { RewardResponse, RewardSetup } from '../../api/contract/rewards';
import { OTHER_ITEM_VALUE, REWARD_LIMITS } from '../../constants';
import { t } from '../../i18n/texts';

/** What the form edits; `stamps` may be raw text while the vendor is typing. */
export interface RewardFormValues {
  stamps: number | string | null;
  /** A menu item id, OTHER_ITEM_VALUE, or undefined when nothing is chosen. */
  item: string | undefined;
  itemCustom: string;
  expiry: Dayjs | null;
}

/**
 * Whole numbers from 1 to 100; non-numbers become 1. Fractions round to the nearest whole
 * number (7.6 → 8, 7.4 → 7): the vendor most likely meant the closer one.
 */
export function clampPunches(raw: number | string | null | undefined): number {
  const value = typeof raw === 'number' ? raw : raw === null || raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw.trim());
  if (!Number.isFinite(value)) return REWARD_LIMITS.minPunches;
  return Math.min(REWARD_LIMITS.maxPunches, Math.max(REWARD_LIMITS.minPunches, Math.round(value)));
}

/** True while typed text cannot count as at least one punch ('', '0', '-3', 'abc'). */
export function isBelowMinimumPunches(raw: number | string | null | undefined): boolean {
  const value = typeof raw === 'number' ? raw : raw === null || raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw.trim());
  return !(Number.isFinite(value) && Math.round(value) >= REWARD_LIMITS.minPunches);
}

export type RewardFormErrors = Partial<Record<'stamps' | 'item' | 'itemCustom' | 'expiry', string>>;

/** The four messages, word for word. The form does not submit while any is present. */
export function validateRewardForm(values: RewardFormValues): RewardFormErrors {
  const errors: RewardFormErrors = {};
  if (isBelowMinimumPunches(values.stamps)) errors.stamps = t('rewards.punchesMin', { min: REWARD_LIMITS.minPunches });
  if (!values.item) errors.item = t('rewards.itemRequired');
  else if (values.item === OTHER_ITEM_VALUE && values.itemCustom.trim() === '') errors.itemCustom = t('rewards.itemCustomRequired');
  if (!values.expiry || !values.expiry.isValid()) errors.expiry = t('rewards.expiryRequired');
  return errors;
}

/** The request body: exactly the four saved fields (local-only settings are never part of it). */
export function toRewardPayload(values: RewardFormValues): RewardSetup {
  const isOther = values.item === OTHER_ITEM_VALUE;
  return {
    stamps: clampPunches(values.stamps),
    item: isOther || !values.item ? null : values.item,
    itemCustom: isOther ? values.itemCustom.trim() : null,
    expiry: values.expiry ? values.expiry.format('YYYY-MM-DD') : '',
  };
}

/**
 * A reward the vendor never saved: the server answers the default reward, which names no item at all (a saved
 * reward always names a menu item or a custom text).
 */
export function isUnsavedReward(reward: RewardSetup): boolean {
  return reward.item === null && (reward.itemCustom === null || reward.itemCustom === '');
}

/**
 * The expiry the form proposes for a reward never saved: the default expiry while it is still ahead,
 * otherwise one year from today — a new store must not start with a reward that has already ended.
 */
export function proposedExpiry(today: Dayjs = dayjs()): string {
  const specDefault = dayjs(REWARD_LIMITS.defaultExpiry);
  return specDefault.isBefore(today, 'day') ? today.add(1, 'year').format('YYYY-MM-DD') : REWARD_LIMITS.defaultExpiry;
}

/** The form's starting values from the server's answer (a saved item that no longer exists is left unselected). */
export function toFormValues(response: RewardResponse | undefined, today: Dayjs = dayjs()): RewardFormValues {
  const answered = response?.reward ?? { stamps: REWARD_LIMITS.defaultPunches, item: null, itemCustom: null, expiry: REWARD_LIMITS.defaultExpiry };
  // A saved reward keeps its date, past or not (the form then warns); only the untouched default moves on.
  const reward = isUnsavedReward(answered) && answered.expiry === REWARD_LIMITS.defaultExpiry ? { ...answered, expiry: proposedExpiry(today) } : answered;
  const knownItem = reward.item !== null && (response?.items ?? []).some((item) => item._id === reward.item);
  const item = knownItem ? (reward.item as string) : reward.item === null && reward.itemCustom ? OTHER_ITEM_VALUE : undefined;
  // Core dayjs reads ISO dates (YYYY-MM-DD) as local calendar days, which is what the picker shows.
  const expiry = dayjs(reward.expiry);
  return { stamps: reward.stamps, item, itemCustom: reward.itemCustom ?? '', expiry: expiry.isValid() ? expiry : null };
}

/** A warning, not an error: the date can still be saved (the default expiry 2025-12-31 is already past). */
export function isExpiryInPast(expiry: Dayjs | null, now: Dayjs = dayjs()): boolean {
  return expiry !== null && expiry.isValid() && expiry.isBefore(now, 'day');
}

export interface StampPreview {
  /** Stamp icons drawn: between 4 and 12. */
  icons: number;
  /** Of those, filled for the sample customer. */
  filledIcons: number;
  /** Punches the sample customer has (6, or fewer when the card needs fewer). */
  collected: number;
  /** Punches each icon stands for (1 unless the card is scaled). */
  punchesPerIcon: number;
}

/**
 * At most 12 icons; beyond 12 the card is scaled; the sample customer has 6 punches (never more than
 * the card holds). A card of fewer than 4 punches shows exactly its punches: a minimum of 4 icons
 * would preview a 3-punch card with 4 stamps.
 */
export function stampPreview(punches: number): StampPreview {
  const { previewMaxIcons, previewSampleCollected } = REWARD_LIMITS;
  const icons = Math.min(previewMaxIcons, Math.max(1, punches));
  const collected = Math.min(previewSampleCollected, punches);
  return { icons, filledIcons: Math.round((collected * icons) / punches), collected, punchesPerIcon: punches / icons };
}
