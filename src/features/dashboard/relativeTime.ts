// "just now", "5 min ago", "3 h ago", "2 d ago", then the date: when a dashboard event happened.
import dayjs from 'dayjs';
import { ACTIVITY_TEXT } from '../../constants';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(date: number, now: number): string {
  const elapsed = Math.max(0, now - date);
  if (elapsed < MINUTE) return ACTIVITY_TEXT.justNow;
  if (elapsed < HOUR) return ACTIVITY_TEXT.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return ACTIVITY_TEXT.hoursAgo(Math.floor(elapsed / HOUR));
  if (elapsed < 7 * DAY) return ACTIVITY_TEXT.daysAgo(Math.floor(elapsed / DAY));
  return dayjs(date).format('MMM D');
}
