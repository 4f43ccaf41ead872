// Every figure of the vendor's dashboard, computed from their own stamps, cards and claims. Days and
// weeks follow the vendor's local calendar (the browser sends its UTC offset).
import type { DashboardCount, DashboardResponse } from '../../src/api/types';
import type { AppDeps } from '../deps';
import {
  activeCardAverage,
  countRedemptions,
  hasAnyActivity,
  mostActiveCustomers,
  outstandingCards,
  redemptionsPerBucket,
  rewardStamps,
} from '../repositories/activity';
import { customerLabel, DEFAULT_STAMPS_REQUIRED, initialsOf, latestActivity, opaqueKey } from './activity';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A card counts as active when it was used this recently. */
export const ACTIVE_CARD_DAYS = 90;
/** Engaged customers: the most stamps over this many days. */
export const ENGAGED_DAYS = 90;
export const ENGAGED_CUSTOMERS = 4;
export const RECENT_EVENTS = 4;
export const REDEMPTION_WEEKS = 8;
export const REDEMPTION_DAYS = 30;
/** UTC offsets that exist on Earth, in minutes (UTC−12 to UTC+14). */
export const UTC_OFFSET_MINUTES = { min: -12 * 60, max: 14 * 60 } as const;

/** The local calendar: today's start and the date of any instant, for a fixed UTC offset. */
function calendar(now: number, utcOffsetMinutes: number) {
  const offsetMs = utcOffsetMinutes * 60 * 1000;
  const todayStart = Math.floor((now + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
  const dateOf = (instant: number) => new Date(instant + offsetMs).toISOString().slice(0, 10);
  return { todayStart, dateOf };
}

/**
 * Claims per local day for the last 30 days and per 7-day week for the last 8 weeks (the newest week
 * ends today), from one grouped query over the redemptions index.
 */
async function redemptionSeries(deps: Pick<AppDeps, 'db'>, vendorId: string, now: number, utcOffsetMinutes: number) {
  const { todayStart, dateOf } = calendar(now, utcOffsetMinutes);
  const days = Math.max(REDEMPTION_WEEKS * 7, REDEMPTION_DAYS);
  const start = todayStart - (days - 1) * DAY_MS;
  const perDay = await redemptionsPerBucket(deps.db.kysely, vendorId, start, DAY_MS);
  const daily: DashboardCount[] = Array.from({ length: days }, (_, i) => ({ date: dateOf(start + i * DAY_MS), count: perDay.get(i) ?? 0 }));
  const weekly: DashboardCount[] = Array.from({ length: REDEMPTION_WEEKS }, (_, w) => {
    const first = days - (REDEMPTION_WEEKS - w) * 7;
    const week = daily.slice(first, first + 7);
    return { date: week[0].date, count: week.reduce((sum, day) => sum + day.count, 0) };
  });
  return { daily: daily.slice(days - REDEMPTION_DAYS), weekly };
}

export async function getDashboard(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string, utcOffsetMinutes = 0): Promise<DashboardResponse> {
  const db = deps.db.kysely;
  const now = deps.now();
  const [hasActivity, required] = await Promise.all([
    hasAnyActivity(db, vendorId),
    rewardStamps(db, vendorId).then((stamps) => stamps ?? DEFAULT_STAMPS_REQUIRED),
  ]);
  const series = await redemptionSeries(deps, vendorId, now, utcOffsetMinutes);
  if (!hasActivity) {
    return {
      hasActivity,
      stampCard: { averageStamps: 0, required, activeCards: 0 },
      totalRedemptions: 0,
      redemptionsPerWeek: series.weekly,
      recent: [],
      engagedCustomers: [],
      redemptionActivity: series.daily,
      outstanding: { fullCards: 0, nearlyFull: 0 },
    };
  }
  const [active, totalRedemptions, recent, engaged, outstanding] = await Promise.all([
    activeCardAverage(db, vendorId, now - ACTIVE_CARD_DAYS * DAY_MS, required),
    countRedemptions(db, vendorId),
    latestActivity(deps, vendorId, RECENT_EVENTS),
    mostActiveCustomers(db, vendorId, now - ENGAGED_DAYS * DAY_MS, ENGAGED_CUSTOMERS),
    outstandingCards(db, vendorId, required),
  ]);
  return {
    hasActivity,
    stampCard: { averageStamps: Math.round(active.average * 10) / 10, required, activeCards: active.cards },
    totalRedemptions,
    redemptionsPerWeek: series.weekly,
    recent,
    engagedCustomers: engaged.map((row) => {
      const name = customerLabel(row.customer_id, row.display_name, { customerNumber: row.customer_number });
      return { key: opaqueKey(row.customer_id), name, initials: initialsOf(name), stamps: row.stamps };
    }),
    redemptionActivity: series.daily,
    outstanding,
  };
}
