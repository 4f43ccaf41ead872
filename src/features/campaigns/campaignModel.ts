// The campaign and how the form's values become it (the location radius stays behind).
import dayjs, { type Dayjs } from 'dayjs';
import type { CampaignRow } from '../../api/contract/campaigns';
import {
  CAMPAIGN_BUDGET,
  CAMPAIGN_LOCATION_OPTIONS,
  CUSTOMER_FREQUENCY_OPTIONS,
  NOTIFICATION_FREQUENCY_OPTIONS,
  PROMOTION_ITEM_OPTIONS,
  PROMOTION_TYPE_OPTIONS,
} from '../../constants';
import { formatMoney, viewerLocale } from '../../lib/money';

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

/** A fresh form, and what it returns to after a submit — budget 50, A/B testing off. */
export const INITIAL_CAMPAIGN_VALUES: CampaignFormValues = {
  abTesting: false,
  budget: CAMPAIGN_BUDGET.default,
};

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
export function optionLabel<V>(options: readonly { value: V; label: string }[], value: V | undefined): string | undefined {
  return options.find((option) => option.value === value)?.label;
}

/** The budget in whole units of the store's currency, in the viewer's locale ("$50", "50 €"). */
export const formatBudget = (amount: number, currency: string) => formatMoney(amount, currency, viewerLocale(), { wholeUnits: true });

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
