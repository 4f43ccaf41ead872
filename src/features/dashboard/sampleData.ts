// The dashboard's static sample figures, shown until the store has activity of its own.
import type { ChartPoint } from '../../components/charts/AreaChart';
import type { RewardEvent } from './cards/RecentActivityCard';
import type { EngagedCustomer } from './cards/EngagedCustomersCard';
import { SAMPLE_CAMPAIGNS } from '../campaigns/sampleCampaigns';

/** The stamp program example — 10 stamps, 7 collected on average (70 percent). */
export const SAMPLE_REWARD_PROGRESS = { stampsRequired: 10, averageStampsCollected: 7 } as const;

/** Redemptions per week, oldest first, for the redemption-activity graph. */
export const SAMPLE_WEEKLY_REDEMPTIONS: readonly ChartPoint[] = [
  { label: 'Wk 1', value: 64 },
  { label: 'Wk 2', value: 71 },
  { label: 'Wk 3', value: 68 },
  { label: 'Wk 4', value: 83 },
  { label: 'Wk 5', value: 79 },
  { label: 'Wk 6', value: 95 },
  { label: 'Wk 7', value: 102 },
  { label: 'Wk 8', value: 97 },
  { label: 'Wk 9', value: 114 },
  { label: 'Wk 10', value: 121 },
  { label: 'Wk 11', value: 127 },
  { label: 'Wk 12', value: 142 },
];

/** 1,234 redemptions, with sample bars (redemptions per month, oldest first). */
export const SAMPLE_TOTAL_REDEMPTIONS = {
  total: 1234,
  monthlyBars: [96, 118, 131, 124, 152, 171, 188],
} as const;

/** 3 active campaigns — the three sample rows of the campaigns page. */
export const SAMPLE_ACTIVE_CAMPAIGNS = {
  count: SAMPLE_CAMPAIGNS.length,
  customersReached: 412,
  campaigns: SAMPLE_CAMPAIGNS.map(({ id, title, end }) => ({ id, title, end })),
} as const;

/** Four sample events for Recent Reward Activity, newest first. */
export const SAMPLE_RECENT_ACTIVITY: readonly RewardEvent[] = [
  { id: 'evt-1', customer: 'Emma Wilson', kind: 'redeemed', detail: 'redeemed a free coffee', when: '2 min ago' },
  { id: 'evt-2', customer: 'Liam Ortiz', kind: 'stamp', detail: 'collected stamp 6 of 10', when: '18 min ago' },
  { id: 'evt-3', customer: 'Sofia Rossi', kind: 'completed', detail: 'completed a stamp card', when: '1 h ago' },
  { id: 'evt-4', customer: 'Noah Kim', kind: 'joined', detail: 'joined your stamp card', when: '3 h ago' },
];

/** Four sample customers for Engaged Customers (shown as initials avatars). */
export const SAMPLE_ENGAGED_CUSTOMERS: readonly EngagedCustomer[] = [
  { id: 'cus-1', name: 'Emma Wilson', visits: 14 },
  { id: 'cus-2', name: 'Liam Ortiz', visits: 11 },
  { id: 'cus-3', name: 'Sofia Rossi', visits: 9 },
  { id: 'cus-4', name: 'Noah Kim', visits: 7 },
];
