// The Reward Activity table's sample rows, shown (marked as samples) while the store has no activity of its own.
// Dated back from today, so a sample never reads as something that happened a year ago.
import dayjs from 'dayjs';
import { currentLocale, intlLocale, t } from '../../i18n/texts';
import { formatDay } from '../../lib/format';

export interface RewardActivityRow {
  key: string;
  customer: string;
  date: string;
  reward: string;
}

const SAMPLES: readonly { key: string; customer: string; daysAgo: number; item: string }[] = [
  { key: '1', customer: 'Emma Wilson', daysAgo: 0, item: 'Latte' },
  { key: '2', customer: 'Liam Chen', daysAgo: 1, item: 'Croissant' },
  { key: '3', customer: 'Sofia Martins', daysAgo: 3, item: 'Cappuccino' },
  { key: '4', customer: 'Noah Patel', daysAgo: 6, item: 'Flat White' },
  { key: '5', customer: 'Ava Johnson', daysAgo: 8, item: 'Latte' },
];

/**
 * The locale the table's dates are written in: English keeps the month-first order ("Nov 21, 2026") the table
 * has always shown; other languages write the day in their own order ("21 nov. 2026").
 */
export function activityDateLocale(): string {
  return currentLocale() === 'en' ? 'en-US' : intlLocale();
}

/** The sample rows dated relative to `now` (newest first, today's first), in the page's language. */
export function sampleRewardActivity(now: number): RewardActivityRow[] {
  return SAMPLES.map(({ daysAgo, item, ...row }) => ({
    ...row,
    reward: t('rewards.sample.freeItem', { item }),
    date: formatDay(dayjs(now).subtract(daysAgo, 'day').valueOf(), activityDateLocale()),
  }));
}
