// Every figure of the vendor's dashboard, computed from their own stamps, cards and claims. Days and
// weeks follow the store's calendar (its time zone; for a store without one, the UTC offset the browser sends).
import type { DashboardCount, DashboardResponse } from '../../src/api/contract/activity';
import type { AppDeps } from '../deps';
import { customerDisplayNames, customerNumbersAtStore, rewardStamps } from '../repositories/activity';
import {
  activeCardsByStampCount,
  advanceEngagedWindow,
  cardsByStampCount,
  engagedCountedFrom,
  engagedCountsOf,
  stampsPerCustomerBetween,
  topEngagedCounts,
  type StampCount,
} from '../repositories/dashboard-aggregates';
import { storeCounterDays, storeCounterTotal } from '../repositories/store-counters';
import { calendarOfStore, storeDate } from './store-day';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';
import { customerLabel, DEFAULT_STAMPS_REQUIRED, initialsOf, latestActivity, opaqueKey } from './activity';
import { outstandingClaims } from './handover';
import { activeCampaigns } from './campaigns';
import { UTC_OFFSET_MINUTES } from '../../src/api/contract/limits';
import { inTransaction } from '../db/transactions';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A card counts as active when it was used this recently. */
export const ACTIVE_CARD_DAYS = 90;
/** Engaged customers: the most stamps over this many days. */
export const ENGAGED_DAYS = 90;
export const ENGAGED_CUSTOMERS = 4;
/**
 * The store's kept engaged counts start at most this far behind "ENGAGED_DAYS ago": a stamp
 * moves them on once they lag more, and the dashboard reads the stamps of that lag itself.
 */
export const ENGAGED_WINDOW_LAG_MS = 60 * 60 * 1000;
export const RECENT_EVENTS = 4;
export const REDEMPTION_WEEKS = 8;
export const REDEMPTION_DAYS = 30;
/** UTC offsets that exist on Earth, in minutes (UTC−12 to UTC+14). */
export { UTC_OFFSET_MINUTES };

/**
 * Claims per local day for the last 30 days and per 7-day week for the last 8 weeks (the newest week
 * ends today), summed by the database from the store's 15-minute claim counters: at most
 * 56 × 96 small index entries however many claims there were, 56 rows back.
 */
async function redemptionSeries(deps: Pick<AppDeps, 'db'>, vendorId: string, now: number, utcOffsetMinutes: number) {
  // The store's days (its time zone); a store without one keeps the days of the browser asking.
  const calendar = await calendarOfStore(deps.db.reads, vendorId, utcOffsetMinutes);
  const days = Math.max(REDEMPTION_WEEKS * 7, REDEMPTION_DAYS);
  const today = calendar.dayOf(now);
  const firstDay = today - (days - 1);
  const start = calendar.dayStart(firstDay);
  const end = calendar.dayStart(today + 1);
  const perDay = await storeCounterDays(deps.db.reads, vendorId, 'claims', start, end, calendar.offsets(start, end));
  const daily: DashboardCount[] = Array.from({ length: days }, (_, i) => ({ date: storeDate(firstDay + i), count: perDay.get(firstDay + i) ?? 0 }));
  const weekly: DashboardCount[] = Array.from({ length: REDEMPTION_WEEKS }, (_, w) => {
    const first = days - (REDEMPTION_WEEKS - w) * 7;
    const week = daily.slice(first, first + 7);
    return { date: week[0].date, count: week.reduce((sum, day) => sum + day.count, 0) };
  });
  return { daily: daily.slice(days - REDEMPTION_DAYS), weekly };
}

/** The one place the dashboard adds the claim counts (pending, given, expired) and the running campaigns. */
async function withClaimCounts(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>, vendorId: string, figures: DashboardResponse): Promise<DashboardResponse> {
  return { ...figures, claims: await outstandingClaims(deps, vendorId), activeCampaigns: await activeCampaigns(deps, vendorId) };
}

export async function getDashboard(
  deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>,
  vendorId: string,
  utcOffsetMinutes = 0,
  locale: Locale = DEFAULT_LOCALE,
): Promise<DashboardResponse> {
  return withClaimCounts(deps, vendorId, await dashboardFigures(deps, vendorId, utcOffsetMinutes, locale));
}

/** Cards with at least one stamp, and their average count with each counted up to `required`. */
function averageCard(counts: readonly StampCount[], required: number): { cards: number; average: number } {
  let cards = 0;
  let stamps = 0;
  for (const row of counts) {
    cards += row.cards;
    stamps += Math.min(row.stamps, required) * row.cards;
  }
  return { cards, average: cards === 0 ? 0 : stamps / cards };
}

/** Cards holding a full reward (a claim takes the stamps off) and cards one stamp short. */
function outstandingFrom(counts: readonly StampCount[], required: number): { fullCards: number; nearlyFull: number } {
  let fullCards = 0;
  let nearlyFull = 0;
  for (const row of counts) {
    if (row.stamps >= required) fullCards += row.cards;
    else if (row.stamps === required - 1 && row.stamps > 0) nearlyFull += row.cards;
  }
  return { fullCards, nearlyFull };
}

/**
 * The `limit` customers with the most not-voided stamps made at or after `since` (ties by customer id):
 * the kept counts (which start at the store's counted_from), corrected by the stamps between counted_from
 * and `since` — a few at most, as stamps keep counted_from within ENGAGED_WINDOW_LAG_MS of it.
 */
async function engagedSince(db: AppDeps['db']['reads'], vendorId: string, since: number, limit: number) {
  const countedFrom = await engagedCountedFrom(db, vendorId);
  const correction =
    countedFrom <= since
      ? negated(await stampsPerCustomerBetween(db, vendorId, countedFrom, since))
      : await stampsPerCustomerBetween(db, vendorId, since, countedFrom);
  // The best `limit` uncorrected customers are among the top `limit` + corrected ones.
  const [top, corrected] = await Promise.all([topEngagedCounts(db, vendorId, limit + correction.size), engagedCountsOf(db, vendorId, [...correction.keys()])]);
  const counts = new Map(top.map((row) => [row.customer_id, row.stamps]));
  for (const [customerId, delta] of correction) counts.set(customerId, (corrected.get(customerId) ?? 0) + delta);
  const best = [...counts]
    .filter(([, stamps]) => stamps > 0)
    .sort(([a, aStamps], [b, bStamps]) => bStamps - aStamps || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit);
  const ids = best.map(([customerId]) => customerId);
  const [names, numbers] = await Promise.all([customerDisplayNames(db, ids), customerNumbersAtStore(db, vendorId, ids)]);
  return best.map(([customerId, stamps]) => ({ customer_id: customerId, stamps, display_name: names.get(customerId) ?? null, customer_number: numbers.get(customerId) ?? null }));
}

function negated(counts: Map<string, number>): Map<string, number> {
  return new Map([...counts].map(([key, value]) => [key, -value]));
}

/** Where each process last saw each store's counted_from (per database), to skip the check on most stamps. */
const knownCountedFrom = new WeakMap<object, Map<string, number>>();

/**
 * After a stamp at `now`: moves the store's engaged counts on when they lag more than ENGAGED_WINDOW_LAG_MS
 * behind ENGAGED_DAYS ago, in a short transaction of its own. Usually a map lookup and nothing else.
 */
export async function keepEngagedWindow(deps: Pick<AppDeps, 'db'>, vendorId: string, now: number): Promise<void> {
  const target = now - ENGAGED_DAYS * DAY_MS;
  let known = knownCountedFrom.get(deps.db);
  if (!known) knownCountedFrom.set(deps.db, (known = new Map()));
  const seen = known.get(vendorId);
  if (seen !== undefined && target - seen < ENGAGED_WINDOW_LAG_MS) return;
  const current = await engagedCountedFrom(deps.db.kysely, vendorId);
  if (target - current >= ENGAGED_WINDOW_LAG_MS) {
    await inTransaction(deps.db.kysely, (trx) => advanceEngagedWindow(trx, vendorId, target));
    known.set(vendorId, target);
  } else {
    known.set(vendorId, current);
  }
}

async function dashboardFigures(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string, utcOffsetMinutes: number, locale: Locale): Promise<DashboardResponse> {
  // Off the event loop on SQLite: the figures below read thousands of rows.
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
  // Kept aggregates, a few hundred small rows at most, however long the store's history.
  const [activeCounts, recent, engaged, allCounts] = await Promise.all([
    activeCardsByStampCount(db, vendorId, now - ACTIVE_CARD_DAYS * DAY_MS),
    latestActivity(deps, vendorId, RECENT_EVENTS, locale),
    engagedSince(db, vendorId, now - ENGAGED_DAYS * DAY_MS, ENGAGED_CUSTOMERS),
    cardsByStampCount(db, vendorId),
  ]);
  const active = averageCard(activeCounts, required);
  return {
    hasActivity,
    stampCard: { averageStamps: Math.round(active.average * 10) / 10, required, activeCards: active.cards },
    totalRedemptions,
    redemptionsPerWeek: series.weekly,
    recent,
    engagedCustomers: engaged.map((row) => {
      const name = customerLabel(row.customer_id, row.display_name, { customerNumber: row.customer_number }, locale);
      return { key: opaqueKey(row.customer_id), name, initials: initialsOf(name), stamps: row.stamps };
    }),
    redemptionActivity: series.daily,
    outstanding: outstandingFrom(allCounts, required),
  };
}
