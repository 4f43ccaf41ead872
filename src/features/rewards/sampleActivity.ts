// The Reward Activity table's sample rows, shown (marked as samples) while the store has no activity of its own.
// Dated back from today, so a sample never reads as something that happened a year ago.
import dayjs from 'dayjs';

export interface RewardActivityRow {
  key: string;
  customer: string;
  date: string;
  reward: string;
}

const SAMPLES: readonly (Omit<RewardActivityRow, 'date'> & { daysAgo: number })[] = [
  { key: '1', customer: 'Emma Wilson', daysAgo: 0, reward: 'Free Latte' },
  { key: '2', customer: 'Liam Chen', daysAgo: 1, reward: 'Free Croissant' },
  { key: '3', customer: 'Sofia Martins', daysAgo: 3, reward: 'Free Cappuccino' },
  { key: '4', customer: 'Noah Patel', daysAgo: 6, reward: 'Free Flat White' },
  { key: '5', customer: 'Ava Johnson', daysAgo: 8, reward: 'Free Latte' },
];

/** The sample rows dated relative to `now` (newest first, today's first). */
export function sampleRewardActivity(now: number): RewardActivityRow[] {
  return SAMPLES.map(({ daysAgo, ...row }) => ({ ...row, date: dayjs(now).subtract(daysAgo, 'day').format('MMM D, YYYY') }));
}
