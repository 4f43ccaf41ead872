// The three hard-coded sample rows of the 'Active Campaigns' table, and their sample performance.
import type { CustomerFrequency, PromotionType } from './campaignModel';

/** The sample campaign rows. Dates are calendar days (YYYY-MM-DD). */
export interface SampleCampaignRow {
  id: string;
  title: string;
  audience: CustomerFrequency;
  start: string;
  end: string;
  type: PromotionType;
  /** How many notifications the campaign has sent. */
  notifications: number;
}

export const SAMPLE_CAMPAIGNS: readonly SampleCampaignRow[] = [
  { id: 'cmp-1', title: 'Winter Warmer Week', audience: 'weekly', start: '2026-12-01', end: '2026-12-07', type: 'discount', notifications: 3 },
  { id: 'cmp-2', title: 'Double Stamp Mondays', audience: 'all', start: '2026-11-02', end: '2026-12-28', type: 'bonus-stamps', notifications: 8 },
  { id: 'cmp-3', title: 'Regulars’ Pastry Preview', audience: 'daily', start: '2026-11-20', end: '2026-11-30', type: 'exclusive-offer', notifications: 1 },
];

/** Sample results per campaign for the performance chart placeholder. */
export const SAMPLE_CAMPAIGN_PERFORMANCE: readonly { id: string; title: string; sent: number; opened: number; redeemed: number }[] = [
  { id: 'cmp-1', title: 'Winter Warmer Week', sent: 420, opened: 268, redeemed: 94 },
  { id: 'cmp-2', title: 'Double Stamp Mondays', sent: 960, opened: 512, redeemed: 203 },
  { id: 'cmp-3', title: 'Regulars’ Pastry Preview', sent: 140, opened: 109, redeemed: 51 },
];
