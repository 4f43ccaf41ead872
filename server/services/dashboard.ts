// Every figure of the vendor's dashboard, computed from their own stamps, cards and claims. Days and
// weeks follow the vendor's local calendar (the browser sends its UTC offset).
import type { DashboardCount, DashboardResponse } from '../../src/api/contract/activity';
import type { AppDeps } from '../deps';
import { activeCardAverage, mostActiveCustomers, outstandingCards, rewardStamps } from '../repositories/activity';
import { storeCounterSlots, storeCounterTotal } from '../repositories/store-counters';
import { customerLabel, DEFAULT_STAMPS_REQUIRED, initialsOf, latestActivity, opaqueKey } from './activity';
import { outstandingClaims } from './handover';
import { UTC_OFFSET_MINUTES } from '../../src/api/contract/limits';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A card counts as active when it was used this recently. */
export const ACTIVE_CARD_DAYS = 90;
/** Engaged customers: the most stamps over this many days. */
export const ENGAGED_DAYS = 90;
export const ENGAGED_CUSTOMERS = 4;
/**
 * Engaged customers are counted over the store's latest this-many stamps within ENGAGED_DAYS (issue 18:
 * a bounded read on the (vendor_id, created_at) index). A café giving 100 stamps a day stays well inside
 * it, so for them it is the whole 90 days; only far busier stores see the most recent part of it.
 */
export const ENGAGED_WINDOW_STAMPS = 10_000;
export const RECENT_EVENTS = 4;
export const REDEMPTION_WEEKS = 8;
export const REDEMPTION_DAYS = 30;
/** UTC offsets that exist on Earth, in minutes (UTC−12 to UTC+14). */
export { UTC_OFFSET_MINUTES };

/** The local calendar: today's start and the date of any instant, for a fixed UTC offset. */
function calendar(now: number, utcOffsetMinutes: number) {
  const offsetMs = utcOffsetMinutes * 60 * 1000;
  const todayStart = Math.floor((now + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
  const dateOf = (instant: number) => new Date(instant + offsetMs).toISOString().slice(0, 10);
  return { todayStart, dateOf };
}

/**
 * Claims per local day for the last 30 days and per 7-day week for the last 8 weeks (the newest week
 * ends today), summed from the store's 15-minute claim counters (issue 18): at most 56 × 96 small rows
 * however many claims there were.
 */
async function redemptionSeries(deps: Pick<AppDeps, 'db'>, vendorId: string, now: number, utcOffsetMinutes: number) {
  const { todayStart, dateOf } = calendar(now, utcOffsetMinutes);
  const days = Math.max(REDEMPTION_WEEKS * 7, REDEMPTION_DAYS);
  const start = todayStart - (days - 1) * DAY_MS;
  const perDay = new Map<number, number>();
  for (const [slot, count] of await storeCounterSlots(deps.db.reads, vendorId, 'claims', start, todayStart + DAY_MS)) {
    const day = Math.floor((slot - start) / DAY_MS);
    perDay.set(day, (perDay.get(day) ?? 0) + count);
  }
  const daily: DashboardCount[] = Array.from({ length: days }, (_, i) => ({ date: dateOf(start + i * DAY_MS), count: perDay.get(i) ?? 0 }));
  const weekly: DashboardCount[] = Array.from({ length: REDEMPTION_WEEKS }, (_, w) => {
    const first = days - (REDEMPTION_WEEKS - w) * 7;
    const week = daily.slice(first, first + 7);
    return { date: week[0].date, count: week.reduce((sum, day) => sum + day.count, 0) };
  });
  return { daily: daily.slice(days - REDEMPTION_DAYS), weekly };
}

/** Issue 19: the one place the dashboard adds the claim counts (pending, given, expired). */
async function withClaimCounts(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>, vendorId: string, figures: DashboardResponse): Promise<DashboardResponse> {
  return { ...figures, claims: await outstandingClaims(deps, vendorId) };
}

export async function getDashboard(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>, vendorId: string, utcOffsetMinutes = 0): Promise<DashboardResponse> {
  return withClaimCounts(deps, vendorId, await dashboardFigures(deps, vendorId, utcOffsetMinutes));
}

async function dashboardFigures(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string, utcOffsetMinutes: number): Promise<DashboardResponse> {
  // Off the event loop on SQLite (issue 18): the figures below read thousands of rows.
  const db = deps.db.reads;
  const now = deps.now();
  const [stamps, totalRedemptions, required] = await Promise.all([
    storeCounterTotal(db, vendorId, 'stamps'),
    storeCounterTotal(db, vendorId, 'claims'),
    rewardStamps(db, vendorId).then((stamps) => stamps ?? DEFAULT_STAMPS_REQUIRED),
  ]);
  const hasActivity = stamps > 0 || totalRedemptions > 0;
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
  const [active, recent, engaged, outstanding] = await Promise.all([
    activeCardAverage(db, vendorId, now - ACTIVE_CARD_DAYS * DAY_MS, required),
    latestActivity(deps, vendorId, RECENT_EVENTS),
    mostActiveCustomers(db, vendorId, now - ENGAGED_DAYS * DAY_MS, ENGAGED_CUSTOMERS, ENGAGED_WINDOW_STAMPS),
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
