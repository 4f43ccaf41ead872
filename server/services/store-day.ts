// The store's calendar day, the one unit every per-day figure counts in (audiences, campaign results, the
// relay pace, the dashboard's days): a day starts at midnight in the store's time zone, so a day of the
// clocks changing lasts 23 or 25 hours. A store without a time zone (or with one this server does not
// know) counts UTC days.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { UtcOffsetSpan } from '../repositories/store-day-sql';
import { findStoreTimeZone } from '../repositories/vendors';
import { localTime } from './store-time-zone';

export type { UtcOffsetSpan };

const DAY_MS = 86_400_000;
const SECOND_MS = 1000;
const MINUTE_MS = 60_000;
/** Clocks change at most a few times a year: checking the offset every 6 hours finds every change. */
const PROBE_MS = 6 * 60 * 60 * 1000;

/** How far the store's clock is ahead of UTC at `at`. */
export function utcOffsetAt(at: number, timeZone: string | null): number {
  const whole = at - (((at % SECOND_MS) + SECOND_MS) % SECOND_MS);
  const local = localTime(whole, timeZone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) - whole;
}

/** The store's calendar day at `at`, numbered from 1 January 1970: consecutive dates differ by one. */
export function storeDay(at: number, timeZone: string | null): number {
  return Math.floor((at + utcOffsetAt(at, timeZone)) / DAY_MS);
}

/** When store day `day` begins (its local midnight, or the first instant after it when the clocks skip midnight). */
export function storeDayStart(day: number, timeZone: string | null): number {
  const midnightAsUtc = day * DAY_MS;
  // Two passes: the offset at the first guess may be the other side of a clock change.
  let guess = midnightAsUtc - utcOffsetAt(midnightAsUtc, timeZone);
  guess = midnightAsUtc - utcOffsetAt(guess, timeZone);
  // A zone that skips midnight itself (the clocks go from 23:59 to 01:00): the day begins at the jump.
  while (storeDay(guess, timeZone) < day) guess += MINUTE_MS;
  while (storeDay(guess - MINUTE_MS, timeZone) >= day) guess -= MINUTE_MS;
  return guess;
}

/** The date of store day `day`, as YYYY-MM-DD. */
export function storeDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The store's day at `at` as YYYY-MM-DD. */
export function storeDateAt(at: number, timeZone: string | null): string {
  return storeDate(storeDay(at, timeZone));
}

/**
 * The store's UTC offsets over [from, until), oldest first: one span, or one more per clock change. The
 * database turns an instant into a store day with these (`(at + offset) / 86400000`), the same integer
 * arithmetic on SQLite and PostgreSQL, with no time-zone tables in the database.
 */
export function utcOffsetSpans(timeZone: string | null, from: number, until: number): readonly UtcOffsetSpan[] {
  const key = `${timeZone ?? ''}|${from}|${until}`;
  const known = recentSpans.get(key);
  if (known) return known;
  const spans = findOffsetSpans(timeZone, from, until);
  if (recentSpans.size >= RECENT_SPANS_KEPT) recentSpans.delete(recentSpans.keys().next().value as string);
  recentSpans.set(key, spans);
  return spans;
}

/** Each stamp of a bonus campaign asks for the same range (the 30 days before its start): asked once. */
const recentSpans = new Map<string, readonly UtcOffsetSpan[]>();
const RECENT_SPANS_KEPT = 256;

/**
 * The zone's clock changes are found a block of time at a time, on a grid of probes fixed by the block (not by the
 * range asked for), and kept: the campaign planner's ranges end at "now", so each run asks for a range a little
 * later than the last, and would otherwise probe its whole 30 days again (~120 reads of the zone's clock).
 */
const BLOCK_MS = 32 * PROBE_MS;
const blockChanges = new Map<string, readonly UtcOffsetSpan[]>();
const BLOCKS_KEPT = 4096;

/** The changes in (start of block `block`, its end], each with the offset it changes to, oldest first. */
function changesInBlock(timeZone: string | null, block: number): readonly UtcOffsetSpan[] {
  const key = `${timeZone ?? ''}|${block}`;
  const known = blockChanges.get(key);
  if (known) return known;
  const changes: UtcOffsetSpan[] = [];
  let before = block * BLOCK_MS;
  let offsetBefore = utcOffsetAt(before, timeZone);
  for (let probe = before + PROBE_MS; probe <= (block + 1) * BLOCK_MS; probe += PROBE_MS) {
    const offsetMs = utcOffsetAt(probe, timeZone);
    if (offsetMs !== offsetBefore) changes.push({ from: changeBetween(timeZone, before, probe, offsetBefore), offsetMs });
    before = probe;
    offsetBefore = offsetMs;
  }
  if (blockChanges.size >= BLOCKS_KEPT) blockChanges.delete(blockChanges.keys().next().value as string);
  blockChanges.set(key, changes);
  return changes;
}

function findOffsetSpans(timeZone: string | null, from: number, until: number): UtcOffsetSpan[] {
  const spans: UtcOffsetSpan[] = [{ from: Number.NEGATIVE_INFINITY, offsetMs: utcOffsetAt(from, timeZone) }];
  for (let block = Math.floor(from / BLOCK_MS); block * BLOCK_MS < until; block += 1) {
    for (const change of changesInBlock(timeZone, block)) {
      if (change.from > from && change.from <= until && change.offsetMs !== spans[spans.length - 1].offsetMs) spans.push(change);
    }
  }
  return spans;
}

/** The first whole second after `low`, up to `high`, whose offset differs from `offsetAtLow`. */
function changeBetween(timeZone: string | null, low: number, high: number, offsetAtLow: number): number {
  // Clocks change on a whole second: searching whole seconds ends on the change itself.
  let lo = Math.floor(low / SECOND_MS) * SECOND_MS;
  let hi = Math.ceil(high / SECOND_MS) * SECOND_MS;
  while (hi - lo > SECOND_MS) {
    const middle = lo + Math.floor((hi - lo) / 2 / SECOND_MS) * SECOND_MS;
    if (utcOffsetAt(middle, timeZone) === offsetAtLow) lo = middle;
    else hi = middle;
  }
  return hi;
}

/**
 * A store's days for one figure: by its time zone, or, for a store without one, by `fallbackOffsetMinutes`
 * (the dashboard's browser offset) or else UTC.
 */
export interface StoreCalendar {
  /** How far the store's clock is ahead of UTC at `at`. */
  offsetAt(at: number): number;
  dayOf(at: number): number;
  dayStart(day: number): number;
  /** The offsets over [from, until) for the database's day arithmetic. */
  offsets(from: number, until: number): readonly UtcOffsetSpan[];
}

export function storeCalendar(timeZone: string | null, fallbackOffsetMinutes = 0): StoreCalendar {
  if (timeZone !== null) {
    return {
      offsetAt: (at) => utcOffsetAt(at, timeZone),
      dayOf: (at) => storeDay(at, timeZone),
      dayStart: (day) => storeDayStart(day, timeZone),
      offsets: (from, until) => utcOffsetSpans(timeZone, from, until),
    };
  }
  const offsetMs = fallbackOffsetMinutes * MINUTE_MS;
  return {
    offsetAt: () => offsetMs,
    dayOf: (at) => Math.floor((at + offsetMs) / DAY_MS),
    dayStart: (day) => day * DAY_MS - offsetMs,
    offsets: () => [{ from: Number.NEGATIVE_INFINITY, offsetMs }],
  };
}

/** The store's IANA time zone from its settings (null: none set). */
export function storeTimeZoneOf(db: Kysely<Database> | Transaction<Database>, vendorId: string): Promise<string | null> {
  return findStoreTimeZone(db, vendorId);
}

/** The calendar of the store `vendorId`, read from its settings. */
export async function calendarOfStore(db: Kysely<Database> | Transaction<Database>, vendorId: string, fallbackOffsetMinutes = 0): Promise<StoreCalendar> {
  return storeCalendar(await storeTimeZoneOf(db, vendorId), fallbackOffsetMinutes);
}

/** The day of a YYYY-MM-DD date, numbered as store days are (NaN for a date that does not parse or is not on the calendar). */
export function dayOfDate(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  // Date.parse takes 30 February as 2 March: a date that does not come back the same is no day at all.
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date ? Number.NaN : time / DAY_MS;
}

/** Per zone, the store day a scan last asked about: every scan of a day asks the same, worked out once. */
const currentDays = new Map<string, { start: number; end: number }>();

/**
 * When the store day of `at` began (its local midnight): what a scan's UPDATE compares the card's latest
 * visit with, to tell the day's first stamp (a new visit) from a later one. Kept per zone for the day.
 */
export function currentStoreDayStart(at: number, timeZone: string | null): number {
  const key = timeZone ?? '';
  const known = currentDays.get(key);
  if (known && at >= known.start && at < known.end) return known.start;
  const day = storeDay(at, timeZone);
  const span = { start: storeDayStart(day, timeZone), end: storeDayStart(day + 1, timeZone) };
  currentDays.set(key, span);
  return span.start;
}
