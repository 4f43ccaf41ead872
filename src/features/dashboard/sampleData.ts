// The dashboard's static sample figures, shown until the store has activity of its own.
import type { ChartPoint } from '../../components/charts/AreaChart';
import type { RewardEvent } from './cards/RecentActivityCard';
import type { EngagedCustomer } from './cards/EngagedCustomersCard';
import { SAMPLE_CAMPAIGNS } from '../campaigns/sampleCampaigns';
import { t } from '../../i18n/texts';

/** The stamp program example — 10 stamps, 7 collected on average (70 percent). */
export const SAMPLE_REWARD_PROGRESS = { stampsRequired: 10, averageStampsCollected: 7 } as const;

/** Redemptions per week, oldest first, for the redemption-activity graph. */
const SAMPLE_WEEKLY_COUNTS = [64, 71, 68, 83, 79, 95, 102, 97, 114, 121, 127, 142];

/** The sample weeks, labelled 'Wk 1'… in the page's language (called at render). */
export function sampleWeeklyRedemptions(): ChartPoint[] {
  return SAMPLE_WEEKLY_COUNTS.map((value, index) => ({ label: t('dashboard.sample.week', { n: index + 1 }), value }));
}

/** 1,234 redemptions, with sample bars (redemptions per month, oldest first). */
export const SAMPLE_TOTAL_REDEMPTIONS = {
  total: 1234,
  monthlyBars: [96, 118, 131, 124, 152, 171, 188],
} as const;

/** 3 active campaigns — the three sample rows of the campaigns page. */
export const SAMPLE_ACTIVE_CAMPAIGNS = {
  count: SAMPLE_CAMPAIGNS.length,
  customersReached: 412,
  // A getter: the titles read in the page's language when the card renders (the spread of this object).
  get campaigns() {
    return SAMPLE_CAMPAIGNS.map(({ id, title, end }) => ({ id, title, end }));
  },
};

/** Four sample events for Recent Reward Activity, newest first, in the page's language (called at render). */
export function sampleRecentActivity(): RewardEvent[] {
  return [
    { id: 'evt-1', customer: 'Emma Wilson', kind: 'redeemed', detail: t('dashboard.sample.redeemedFreeCoffee'), when: t('dashboard.sample.minutesAgo', { n: 2 }) },
    { id: 'evt-2', customer: 'Liam Ortiz', kind: 'stamp', detail: t('dashboard.sample.collectedStamp', { n: 6, total: 10 }), when: t('dashboard.sample.minutesAgo', { n: 18 }) },
    { id: 'evt-3', customer: 'Sofia Rossi', kind: 'completed', detail: t('dashboard.sample.completedCard'), when: t('dashboard.sample.hoursAgo', { n: 1 }) },
    { id: 'evt-4', customer: 'Noah Kim', kind: 'joined', detail: t('dashboard.sample.joined'), when: t('dashboard.sample.hoursAgo', { n: 3 }) },
  ];
}

/** Four sample customers for Engaged Customers (shown as initials avatars). */
export const SAMPLE_ENGAGED_CUSTOMERS: readonly EngagedCustomer[] = [
  { id: 'cus-1', name: 'Emma Wilson', visits: 14 },
  { id: 'cus-2', name: 'Liam Ortiz', visits: 11 },
  { id: 'cus-3', name: 'Sofia Rossi', visits: 9 },
  { id: 'cus-4', name: 'Noah Kim', visits: 7 },
];
