// The dashboard's figures: the vendor's own (GET /api/dashboard) once they have any activity, the
// sample figures (marked as samples) before that — or when the figures cannot be loaded.
import dayjs from 'dayjs';
import { useEffect } from 'react';
import type { ActivityItem, DashboardCount, DashboardResponse } from '../../api/contract/activity';
import type { ChartPoint } from '../../components/charts/AreaChart';
import type { EngagedCustomer, RewardEvent } from './cards';
import {
  SAMPLE_ENGAGED_CUSTOMERS,
  SAMPLE_REWARD_PROGRESS,
  SAMPLE_TOTAL_REDEMPTIONS,
  sampleRecentActivity,
  sampleWeeklyRedemptions,
} from './sampleData';
import { useGetDashboardQuery } from '../activity/activityApi';
import { formatDayOfMonth, formatTimeAgo } from '../../lib/format';
import { useStoreTimeZone } from '../store-settings/useStoreTimeZone';
import { intlLocale, t } from '../../i18n/texts';
import { elapsedPhrases } from '../activity/elapsedPhrases';
import { stampCount } from '../activity/stampCount';

/** A sample of what the vendor owes, shown with the other sample figures. */
export const SAMPLE_OUTSTANDING = { fullCards: 3, nearlyFull: 5 } as const;

export interface DashboardFigures {
  /** true: the sample figures, to be marked as such. */
  sample: boolean;
  /** activeCards: live only — cards with stamps on them; 0 says "no card in progress" instead of an average of 0. */
  rewardProgress: { stampsRequired: number; averageStampsCollected: number; activeCards?: number };
  /** Redemptions per week, oldest first. */
  weekly: readonly ChartPoint[];
  /** Live only: redemptions per day over the last 30 days, oldest first. */
  daily?: readonly ChartPoint[];
  totalRedemptions: { total: number; monthlyBars: readonly number[]; barsLabel?: string };
  recent: readonly RewardEvent[];
  engaged: readonly EngagedCustomer[];
  engagedLabel?: (n: number) => string;
  outstanding: { fullCards: number; nearlyFull: number };
  /** Live only: the store's campaigns running now. */
  activeCampaigns?: DashboardResponse['activeCampaigns'];
}

/** The sample figures, their words in the page's language (called at render). */
export function sampleFigures(): DashboardFigures {
  return {
  sample: true,
  rewardProgress: { stampsRequired: SAMPLE_REWARD_PROGRESS.stampsRequired, averageStampsCollected: SAMPLE_REWARD_PROGRESS.averageStampsCollected },
  weekly: sampleWeeklyRedemptions(),
  totalRedemptions: { total: SAMPLE_TOTAL_REDEMPTIONS.total, monthlyBars: SAMPLE_TOTAL_REDEMPTIONS.monthlyBars },
  recent: sampleRecentActivity(),
  engaged: SAMPLE_ENGAGED_CUSTOMERS,
  outstanding: SAMPLE_OUTSTANDING,
  };
}

// The chart's day labels in the page's locale ('29 Oct', '29 oct.'); the server's day is read as the browser's local day.
const points = (counts: readonly DashboardCount[]): ChartPoint[] =>
  counts.map((c) => ({ label: formatDayOfMonth(dayjs(c.date).valueOf(), intlLocale()), value: c.count }));

function toRewardEvent(item: ActivityItem, now: number, timeZone: string | null): RewardEvent {
  const when = formatTimeAgo(item.date, now, elapsedPhrases(), intlLocale(), timeZone);
  if (item.type === 'redemption') return { id: item.id, customer: item.customer, kind: 'redeemed', detail: t('activity.recentClaim', { reward: item.reward }), when };
  const count = stampCount(item);
  if (count.required > 0 && count.stamps === count.required) return { id: item.id, customer: item.customer, kind: 'completed', detail: t('activity.recentCompleted'), when };
  return { id: item.id, customer: item.customer, kind: 'stamp', detail: t('activity.recentStamp', { ...count }), when };
}

/** The live figures of a dashboard answer, shaped for the dashboard's cards; times on the store's clock (`timeZone`; null: the browser's). */
export function liveFigures(data: DashboardResponse, now: number, timeZone: string | null = null): DashboardFigures {
  return {
    sample: false,
    rewardProgress: { stampsRequired: data.stampCard.required, averageStampsCollected: data.stampCard.averageStamps, activeCards: data.stampCard.activeCards },
    weekly: points(data.redemptionsPerWeek),
    daily: points(data.redemptionActivity),
    totalRedemptions: {
      total: data.totalRedemptions,
      monthlyBars: data.redemptionsPerWeek.map((week) => week.count),
      barsLabel: t('activity.weeklyBarsLabel', { weeks: data.redemptionsPerWeek.length }),
    },
    recent: data.recent.map((item) => toRewardEvent(item, now, timeZone)),
    engaged: data.engagedCustomers.map((c) => ({ id: c.key, name: c.name, visits: c.stamps })),
    engagedLabel: (count) => t('activity.engagedStamps', { count }),
    outstanding: data.outstanding,
    activeCampaigns: data.activeCampaigns,
  };
}

/**
 * The sample figures for a store that has none of its own yet, made to agree with what is real:
 * the store's own card size, the sample's 70 % average scaled to it (not "3 of 3" beside a 3-punch card), and what
 * the store really owes (nothing yet) rather than a sample debt.
 */
export function sampleFiguresFor(data: DashboardResponse | undefined): DashboardFigures {
  if (!data) return sampleFigures();
  return { ...sampleFigures(), rewardProgress: sampleProgressFor(data.stampCard.required), outstanding: data.outstanding };
}

/** The sample progress (7 of 10, 70 %) on a card of `required` stamps: 2.1 of 3, 7 of 10. */
export function sampleProgressFor(required: number): DashboardFigures['rewardProgress'] {
  const ratio = SAMPLE_REWARD_PROGRESS.averageStampsCollected / SAMPLE_REWARD_PROGRESS.stampsRequired;
  return { stampsRequired: required, averageStampsCollected: Math.round(required * ratio * 10) / 10 };
}

/** A console line for the developer (not shown to the vendor, so not translated). */
const DASHBOARD_LOAD_FAILED_LOG = 'Failed to load dashboard figures';

export function useDashboardFigures(vendorId: string): { loading: boolean; figures: DashboardFigures } {
  // Focus refetches too: a reward saved in another tab changes the card size shown here.
  const { data, error, isLoading } = useGetDashboardQuery(vendorId, { skip: !vendorId, refetchOnFocus: true });
  const timeZone = useStoreTimeZone();
  useEffect(() => {
    if (error) console.warn(DASHBOARD_LOAD_FAILED_LOG, error);
  }, [error]);
  if (isLoading) return { loading: true, figures: sampleFigures() };
  if (!data || !data.hasActivity) return { loading: false, figures: sampleFiguresFor(error ? undefined : data) };
  return { loading: false, figures: liveFigures(data, Date.now(), timeZone) };
}
