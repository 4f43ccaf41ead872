// The budget arithmetic: how many stamps one code may grant, following the store's own pace.
import type { RelayConfig } from '../../config';
import type { StampKind } from '../../db/schema';
import { storeCalendar, storeDateAt } from '../store-day';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
/** The pace looks back this many whole store days (today excluded, so a relay cannot raise its own budget). */
export const PACE_DAYS = 28;

export interface StorePace {
  /** Most stamps the store gave in one minute on any of the last PACE_DAYS days (0 when none). */
  busiestMinute: number;
  /** Most flyer stamps on one of those days (0 when none). */
  busiestFlyerDay: number;
}

export interface StoreFloors {
  /** The store's own floors (null: the environment's). */
  codeBudgetFloor: number | null;
  flyerBudgetFloor: number | null;
}

/**
 * Counter code: max(floor, factor × busiest minute). Flyer: max(floor, factor × busiest flyer day), per day.
 * A store's own floor replaces the environment's, so a vendor can also lower it.
 */
export function stampBudget(kind: StampKind, pace: StorePace, floors: StoreFloors, config: RelayConfig): number {
  if (kind === 'printable') {
    const floor = floors.flyerBudgetFloor ?? config.flyerBudgetFloor;
    return Math.max(floor, config.paceFactor * pace.busiestFlyerDay);
  }
  const floor = floors.codeBudgetFloor ?? config.codeBudgetFloor;
  return Math.max(floor, config.paceFactor * pace.busiestMinute);
}

/** The store day (its first millisecond) an instant falls in: midnight in the store's time zone, UTC without one. */
export function paceDay(instant: number, timeZone: string | null): number {
  const calendar = storeCalendar(timeZone);
  return calendar.dayStart(calendar.dayOf(instant));
}

/** The first millisecond of the store day `days` before the one `today` starts (PACE_DAYS back on the store's calendar). */
export function paceDaysBefore(today: number, days: number, timeZone: string | null): number {
  const calendar = storeCalendar(timeZone);
  return calendar.dayStart(calendar.dayOf(today) - days);
}

/** The budgeted unit: each counter token is its own code; the flyer is one code per store day. */
export function codeKeyFor(kind: StampKind, tokenId: string, now: number, timeZone: string | null): string {
  return kind === 'printable' ? `flyer:${tokenId}:${storeDateAt(now, timeZone)}` : tokenId;
}
