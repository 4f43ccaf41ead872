// The dashboard's figures: the vendor's own (GET /api/dashboard) once they have any activity, SPEC.md's
// sample figures (marked as samples) before that — or when the figures cannot be loaded.
import dayjs from 'dayjs';
import { useEffect } from 'react';
import type { ActivityItem, DashboardCount, DashboardResponse } from '../../api/types';
import { ACTIVITY_TEXT } from '../../constants';
import type { ChartPoint } from '../dashboard/charts/AreaChart';
import type { EngagedCustomer, RewardEvent } from '../dashboard/cards';
import {
  SAMPLE_ENGAGED_CUSTOMERS,
  SAMPLE_RECENT_ACTIVITY,
  SAMPLE_REWARD_PROGRESS,
  SAMPLE_TOTAL_REDEMPTIONS,
  SAMPLE_WEEKLY_REDEMPTIONS,
} from '../dashboard/sampleData';
import { useGetDashboardQuery } from './activityApi';
import { relativeTime } from './relativeTime';

/** A sample of what the vendor owes, shown with the other sample figures (not in SPEC.md: our own figure). */
export const SAMPLE_OUTSTANDING = { fullCards: 3, nearlyFull: 5 } as const;

export interface DashboardFigures {
  /** true: SPEC.md's sample figures, to be marked as such. */
  sample: boolean;
  rewardProgress: { stampsRequired: number; averageStampsCollected: number };
  /** Redemptions per week, oldest first. */
  weekly: readonly ChartPoint[];
  /** Live only: redemptions per day over the last 30 days, oldest first. */
  daily?: readonly ChartPoint[];
  totalRedemptions: { total: number; monthlyBars: readonly number[]; barsLabel?: string };
  recent: readonly RewardEvent[];
  engaged: readonly EngagedCustomer[];
  engagedLabel?: (n: number) => string;
  outstanding: { fullCards: number; nearlyFull: number };
}

export const SAMPLE_FIGURES: DashboardFigures = {
  sample: true,
  rewardProgress: { stampsRequired: SAMPLE_REWARD_PROGRESS.stampsRequired, averageStampsCollected: SAMPLE_REWARD_PROGRESS.averageStampsCollected },
  weekly: SAMPLE_WEEKLY_REDEMPTIONS,
  totalRedemptions: { total: SAMPLE_TOTAL_REDEMPTIONS.total, monthlyBars: SAMPLE_TOTAL_REDEMPTIONS.monthlyBars },
  recent: SAMPLE_RECENT_ACTIVITY,
  engaged: SAMPLE_ENGAGED_CUSTOMERS,
  outstanding: SAMPLE_OUTSTANDING,
};

const points = (counts: readonly DashboardCount[]): ChartPoint[] => counts.map((c) => ({ label: dayjs(c.date).format('MMM D'), value: c.count }));

function toRewardEvent(item: ActivityItem, now: number): RewardEvent {
  const when = relativeTime(item.date, now);
  if (item.type === 'redemption') return { id: item.id, customer: item.customer, kind: 'redeemed', detail: ACTIVITY_TEXT.recentClaim(item.reward), when };
  const stamps = item.stamps ?? 0;
  const required = item.required ?? 0;
  if (required > 0 && stamps === required) return { id: item.id, customer: item.customer, kind: 'completed', detail: ACTIVITY_TEXT.recentCompleted, when };
  return { id: item.id, customer: item.customer, kind: 'stamp', detail: ACTIVITY_TEXT.recentStamp(stamps, required), when };
}

/** The live figures of a dashboard answer, shaped for the dashboard's cards. */
export function liveFigures(data: DashboardResponse, now: number): DashboardFigures {
  return {
    sample: false,
    rewardProgress: { stampsRequired: data.stampCard.required, averageStampsCollected: data.stampCard.averageStamps },
    weekly: points(data.redemptionsPerWeek),
    daily: points(data.redemptionActivity),
    totalRedemptions: {
      total: data.totalRedemptions,
      monthlyBars: data.redemptionsPerWeek.map((week) => week.count),
      barsLabel: ACTIVITY_TEXT.weeklyBarsLabel(data.redemptionsPerWeek.length),
    },
    recent: data.recent.map((item) => toRewardEvent(item, now)),
    engaged: data.engagedCustomers.map((c) => ({ id: c.key, name: c.name, visits: c.stamps })),
    engagedLabel: ACTIVITY_TEXT.engagedStamps,
    outstanding: data.outstanding,
  };
}

export function useDashboardFigures(vendorId: string): { loading: boolean; figures: DashboardFigures } {
  const { data, error, isLoading } = useGetDashboardQuery(vendorId, { skip: !vendorId });
  useEffect(() => {
    if (error) console.warn(ACTIVITY_TEXT.dashboardLoadFailedLog, error);
  }, [error]);
  if (isLoading) return { loading: true, figures: SAMPLE_FIGURES };
  if (!data || !data.hasActivity) return { loading: false, figures: SAMPLE_FIGURES };
  return { loading: false, figures: liveFigures(data, Date.now()) };
}
