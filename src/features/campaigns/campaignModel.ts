// The campaign and how the form's values become it (the location radius stays behind).
import dayjs, { type Dayjs } from 'dayjs';
import type { CampaignRow } from '../../api/contract/campaigns';
import { currencyScale, DEFAULT_CURRENCY } from '../../api/contract/limits';
import { CAMPAIGN_BUDGET, PROMOTION_ITEM_OPTIONS } from '../../constants';
import { t } from '../../i18n/texts';
import { formatMoney, priceLocale } from '../../lib/money';

/** A choice of the form: its value, and its label in the page's language (read at render time). */
export interface CampaignOption<V> {
  value: V;
  label: () => string;
}

/** Audience radius in km; the first is labelled 'Within 1k'. */
export const CAMPAIGN_LOCATION_OPTIONS = [
  { value: 1, label: () => t('campaigns.location.within1') },
  { value: 5, label: () => t('campaigns.location.km5') },
  { value: 10, label: () => t('campaigns.location.km10') },
  { value: 20, label: () => t('campaigns.location.km20') },
  { value: 30, label: () => t('campaigns.location.km30') },
] as const;

/** Customer frequency (the campaign's targetAudience). */
export const CUSTOMER_FREQUENCY_OPTIONS = [
  { value: 'daily', label: () => t('campaigns.frequency.daily') },
  { value: 'weekly', label: () => t('campaigns.frequency.weekly') },
  { value: 'monthly', label: () => t('campaigns.frequency.monthly') },
  { value: 'all', label: () => t('campaigns.frequency.all') },
] as const;

export const PROMOTION_TYPE_OPTIONS = [
  { value: 'discount', label: () => t('campaigns.promotion.discount') },
  { value: 'bonus-stamps', label: () => t('campaigns.promotion.bonusStamps') },
  { value: 'exclusive-offer', label: () => t('campaigns.promotion.exclusiveOffer') },
  { value: 'limited-time', label: () => t('campaigns.promotion.limitedTime') },
] as const;

export const NOTIFICATION_FREQUENCY_OPTIONS = [
  { value: 'once', label: () => t('campaigns.notification.once') },
  { value: 'daily', label: () => t('campaigns.notification.daily') },
  { value: 'weekly', label: () => t('campaigns.notification.weekly') },
] as const;

export type LocationRadiusKm = (typeof CAMPAIGN_LOCATION_OPTIONS)[number]['value'];
export type CustomerFrequency = (typeof CUSTOMER_FREQUENCY_OPTIONS)[number]['value'];
export type PromotionType = (typeof PROMOTION_TYPE_OPTIONS)[number]['value'];
export type PromotionItem = (typeof PROMOTION_ITEM_OPTIONS)[number];
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCY_OPTIONS)[number]['value'];

/** The campaign (client-side only): what submitting the form logs, field for field. */
export interface Campaign {
  campaignTitle: string;
  campaignDescription: string;
  targetAudience: CustomerFrequency;
  /** ISO 8601 instant (UTC), e.g. '2026-12-01T09:00:00.000Z'. */
  startDateTime: string;
  endDateTime: string;
  promotionType: PromotionType;
  itemsToPromote: PromotionItem[];
  notificationFrequency: NotificationFrequency;
  abTesting: boolean;
  /** Dollars. */
  budget: number;
}

/** What the form holds while the vendor fills it in: every field may still be empty. */
export interface CampaignFormValues {
  campaignTitle?: string;
  campaignDescription?: string;
  /** Collected but not part of the campaign. */
  locationRadiusKm?: LocationRadiusKm;
  targetAudience?: CustomerFrequency;
  startDateTime?: Dayjs | null;
  endDateTime?: Dayjs | null;
  promotionType?: PromotionType;
  itemsToPromote?: PromotionItem[];
  notificationFrequency?: NotificationFrequency;
  abTesting?: boolean;
  budget?: number;
}

/**
 * The budget slider in the store's currency: CAMPAIGN_BUDGET scaled as item prices are (0–200 dollars or
 * euros in steps of 1, starting at 50; 0–2,000,000 dong in steps of 10,000, starting at 500,000).
 */
export function budgetSlider(currency: string): { min: number; max: number; step: number; default: number } {
  const scale = currencyScale(currency || DEFAULT_CURRENCY);
  return { min: CAMPAIGN_BUDGET.min * scale, max: CAMPAIGN_BUDGET.max * scale, step: CAMPAIGN_BUDGET.step * scale, default: CAMPAIGN_BUDGET.default * scale };
}

/** A fresh form, and what it returns to after a submit — the slider's starting budget, A/B testing off. */
export function initialCampaignValues(currency: string): CampaignFormValues {
  return { abTesting: false, budget: budgetSlider(currency).default };
}

/**
 * The campaign the form describes, or null while a required field is empty. The browser's required
 * check runs before this, so null only guards against a form submitted some other way.
 */
export function toCampaign(values: CampaignFormValues): Campaign | null {
  const title = values.campaignTitle?.trim();
  const description = values.campaignDescription?.trim();
  const { targetAudience, startDateTime, endDateTime, promotionType, itemsToPromote, notificationFrequency } = values;
  if (
    !title ||
    !description ||
    values.locationRadiusKm === undefined ||
    !targetAudience ||
    !startDateTime ||
    !endDateTime ||
    !promotionType ||
    !itemsToPromote ||
    itemsToPromote.length === 0 ||
    !notificationFrequency
  ) {
    return null;
  }
  return {
    campaignTitle: title,
    campaignDescription: description,
    targetAudience,
    startDateTime: startDateTime.toISOString(),
    endDateTime: endDateTime.toISOString(),
    promotionType,
    itemsToPromote: [...itemsToPromote],
    notificationFrequency,
    abTesting: values.abTesting === true,
    budget: values.budget ?? CAMPAIGN_BUDGET.default,
  };
}

/** The label of an option value, for the preview and the table. */
export function optionLabel<V>(options: readonly CampaignOption<V>[], value: V | undefined): string | undefined {
  return options.find((option) => option.value === value)?.label();
}

/** The budget in whole units of the store's currency, in the viewer's locale ("$50", "50 €"). */
export const formatBudget = (amount: number, currency: string) => formatMoney(amount, currency, priceLocale(), { wholeUnits: true });

/**
 * The form filled from a saved campaign (Duplicate): every field, the schedule only while it is still
 * ahead (an ended campaign's copy needs new dates), and no radius, which is never saved.
 */
export function campaignFormValuesOf(campaign: CampaignRow): CampaignFormValues {
  const start = dayjs(campaign.startDateTime);
  const end = dayjs(campaign.endDateTime);
  const upcoming = end.isAfter(dayjs());
  return {
    campaignTitle: campaign.campaignTitle,
    campaignDescription: campaign.campaignDescription,
    targetAudience: campaign.targetAudience,
    startDateTime: upcoming ? start : null,
    endDateTime: upcoming ? end : null,
    promotionType: campaign.promotionType,
    itemsToPromote: campaign.itemsToPromote.filter((item): item is PromotionItem => (PROMOTION_ITEM_OPTIONS as readonly string[]).includes(item)),
    notificationFrequency: campaign.notificationFrequency,
    abTesting: campaign.abTesting,
    budget: campaign.budget,
  };
}
