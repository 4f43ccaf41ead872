// A store's time zone: which IANA names a store may choose (those the runtime's Intl knows, plus UTC, which
// Intl leaves out of its list), reading the one a vendor sent, and the store's local clock and calendar day,
// which quiet hours and campaign periods follow.
import { text } from '../infra/texts';

export const DEFAULT_TIME_ZONE = 'UTC';
const DAY_MS = 86_400_000;

const KNOWN_TIME_ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), DEFAULT_TIME_ZONE]);

/** The runtime's own spelling of `name` ('europe/paris' is Europe/Paris), or null when Intl does not know it. */
function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(name: string): boolean {
  return KNOWN_TIME_ZONES.has(name);
}

/**
 * What the vendor sent as `timeZone`: absent → undefined (the store keeps its zone); otherwise an IANA name
 * Intl knows (any letter case), or a problem to answer in words, in `locale`. Fixed offsets such as
 * "+01:00" are refused: they have no summer time, so the store's night would drift by an hour.
 */
export function parseTimeZone(raw: unknown, locale: string | null = null): { value: string | undefined } | { problem: string } {
  if (raw === undefined) return { value: undefined };
  const canonical = typeof raw === 'string' && raw.trim() !== '' ? canonicalTimeZone(raw.trim()) : null;
  return canonical !== null && isTimeZone(canonical) ? { value: canonical } : { problem: text(locale, 'storeTimeZone.invalid') };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const zonesInUse = new Map<string, string>();

/**
 * The zone the clock follows: the store's own, under the runtime's spelling (its list names
 * Asia/Calcutta, not Asia/Kolkata, which Intl still takes), or UTC when it has none this server knows.
 */
function zoneInUse(timeZone: string | null): string {
  if (timeZone === null) return DEFAULT_TIME_ZONE;
  let zone = zonesInUse.get(timeZone);
  if (zone === undefined) {
    const canonical = isTimeZone(timeZone) ? timeZone : canonicalTimeZone(timeZone);
    zone = canonical !== null && isTimeZone(canonical) ? canonical : DEFAULT_TIME_ZONE;
    zonesInUse.set(timeZone, zone);
  }
  return zone;
}

/** The wall clock at the store at `at`; a store without a zone (or with one this server does not know) is on UTC. */
export function localTime(at: number, timeZone: string | null): LocalTime {
  const zone = zoneInUse(timeZone);
  const parts = formatterFor(zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** The store's calendar day at `at`, numbered from 1 January 1970: consecutive local dates differ by one, whatever the summer time. */
export function localDayNumber(at: number, timeZone: string | null): number {
  const { year, month, day } = localTime(at, timeZone);
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}
