// The three hard-coded sample rows of the 'Active Campaigns' table, and their sample performance. Their titles
// are texts of the page, read in its language when it renders (getters, never at import).
import { t } from '../../i18n/texts';
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
  {
    id: 'cmp-1',
    get title() {
      return t('sampleCampaigns.winterWarmer');
    },
    audience: 'weekly', start: '2026-12-01', end: '2026-12-07', type: 'discount', notifications: 3,
  },
  {
    id: 'cmp-2',
    get title() {
      return t('sampleCampaigns.doubleStampMondays');
    },
    audience: 'all', start: '2026-11-02', end: '2026-12-28', type: 'bonus-stamps', notifications: 8,
  },
  {
    id: 'cmp-3',
    get title() {
      return t('sampleCampaigns.pastryPreview');
    },
    audience: 'daily', start: '2026-11-20', end: '2026-11-30', type: 'exclusive-offer', notifications: 1,
  },
];

/** Sample results per campaign for the performance chart placeholder. */
export const SAMPLE_CAMPAIGN_PERFORMANCE: readonly { id: string; readonly title: string; sent: number; opened: number; redeemed: number }[] = [
  {
    id: 'cmp-1',
    get title() {
      return t('sampleCampaigns.winterWarmer');
    },
    sent: 420, opened: 268, redeemed: 94,
  },
  {
    id: 'cmp-2',
    get title() {
      return t('sampleCampaigns.doubleStampMondays');
    },
    sent: 960, opened: 512, redeemed: 203,
  },
  {
    id: 'cmp-3',
    get title() {
      return t('sampleCampaigns.pastryPreview');
    },
    sent: 140, opened: 109, redeemed: 51,
  },
];
