// Dates and times as the app shows them, by the browser's Intl (no bytes of a date library). Every
// helper takes the locale; the default is the page's (intlLocale: its language, with the browser's region
// when the browser speaks it; English without a region reads day-month), so every caller follows a
// language switch. The date and time helpers also take a time zone: the vendor screens pass the store's
// (useStoreTimeZone), so a time reads as the exports and the store's days have it, whatever the browser's
// clock; left out (or null, a store without one), the browser's zone.
import { intlLocale } from '../i18n/texts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and the app uses a handful: each is built once per locale. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string | null): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = zonedFormat(locale, options, timeZone);
    formats.set(key, format);
  }
  return format;
}

/** A zone this browser does not know (an older runtime's list) reads in the browser's own zone rather than failing the page. */
function zonedFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string | null): Intl.DateTimeFormat {
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // RangeError: unknown zone; the browser's own follows.
    }
  }
  return new Intl.DateTimeFormat(locale, options);
}

const HOURS_MINUTES: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** 09:05 */
export function formatTime(ms: number, locale = intlLocale(), timeZone?: string | null): string {
  return formatter(locale, HOURS_MINUTES, timeZone).format(ms);
}

/** 09:05:07 */
export function formatTimeWithSeconds(ms: number, locale = intlLocale(), timeZone?: string | null): string {
  return formatter(locale, { ...HOURS_MINUTES, second: '2-digit' }, timeZone).format(ms);
}

/**
 * Sunday 22 November 2026: the locale's words in its order, without its commas (a heading, not a sentence). The
 * other literals stay: they are words and marks of the date itself ("4 de diciembre de 2026", "22. November").
 */
export function formatLongDate(ms: number, locale = intlLocale(), timeZone?: string | null): string {
  return formatter(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, timeZone)
    .formatToParts(ms)
    .map((part) => (part.type === 'literal' ? part.value.replace(/[,،]/gu, ' ') : part.value))
    .join('')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** 22 Nov 2026, 09:05 */
export function formatShortDateTime(ms: number, locale = intlLocale(), timeZone?: string | null): string {
  return formatter(locale, { day: 'numeric', month: 'short', year: 'numeric', ...HOURS_MINUTES }, timeZone).format(ms);
}

/** 22 Nov 2026 */
export function formatDay(ms: number, locale = intlLocale(), timeZone?: string | null): string {
  return formatter(locale, { day: 'numeric', month: 'short', year: 'numeric' }, timeZone).format(ms);
}

/** 22 Nov */
export function formatDayOfMonth(ms: number, locale = intlLocale(), timeZone?: string | null): string {
  return formatter(locale, { day: 'numeric', month: 'short' }, timeZone).format(ms);
}

const numbers = new Map<string, Intl.NumberFormat>();

/** 1,234 (English), 1 234 (French), 1.234 (German): a count as the page's language writes it. */
/**
 * An average of counts: one decimal under 10 (1 redemption in 8 weeks is 0.1 a week, not 0), whole above,
 * where a decimal is noise.
 */
export function formatAverage(value: number, locale = intlLocale()): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: Math.abs(value) < 10 ? 1 : 0 }).format(value);
}

export function formatNumber(value: number, locale = intlLocale()): string {
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    numbers.set(locale, format);
  }
  return format.format(value);
}

/** 12% (English), 12 % (French): a whole percentage as the page's language writes it. */
export function formatPercent(percent: number, locale = intlLocale()): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The unit and count an elapsed time is told in: whole minutes, hours or days; null under a minute. */
export function elapsedUnit(elapsedMs: number): { unit: 'minute' | 'hour' | 'day'; count: number } | null {
  if (elapsedMs < MINUTE) return null;
  if (elapsedMs < HOUR) return { unit: 'minute', count: Math.floor(elapsedMs / MINUTE) };
  if (elapsedMs < DAY) return { unit: 'hour', count: Math.floor(elapsedMs / HOUR) };
  return { unit: 'day', count: Math.floor(elapsedMs / DAY) };
}

/** Phrases for a moment in the past, in the app's own short English ('5 min ago') or Intl's for a locale. */
export interface ElapsedPhrases {
  justNow: string;
  ago: (count: number, unit: 'minute' | 'hour' | 'day') => string;
}

/** Intl's short phrases ('5 min ago', 'now') for `locale`: for a locale the app has no own phrases in. */
export function intlElapsedPhrases(locale = intlLocale()): ElapsedPhrases {
  const relative = new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'always' });
  return { justNow: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second'), ago: (count, unit) => relative.format(-count, unit) };
}

/** "just now", "5 min ago", "3 h ago", "2 d ago" within a week, then the day of the month ('22 Nov'). */
export function formatTimeAgo(date: number, now: number, phrases: ElapsedPhrases, locale = intlLocale(), timeZone?: string | null): string {
  const elapsed = Math.max(0, now - date);
  if (elapsed >= 7 * DAY) return formatDayOfMonth(date, locale, timeZone);
  const told = elapsedUnit(elapsed);
  return told === null ? phrases.justNow : phrases.ago(told.count, told.unit);
}

/** The date a typed-in box also reads whatever the language: the one every page and file of the app can show. */
export const ISO_DATE_INPUT = 'YYYY-MM-DD';
const DATE_INPUT_TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'DD', month: 'MM', year: 'YYYY' };

/**
 * A date picker's display format (dayjs tokens) in the page's locale, from Intl's numeric date: "DD/MM/YYYY" in
 * Spanish, "DD.MM.YYYY" in German. English keeps the ISO date: the app's one English serves cafés in the US and
 * in Britain, which write numeric dates in opposite orders, and `2026-12-31` reads the same to both (and is what
 * English pages and their users' habits have always had). Bidirectional marks are dropped (a picker's text is
 * left to right); a locale whose numeric date has anything else in it falls back to the ISO date.
 */
export function dateInputFormat(locale = intlLocale()): string {
  if (/^en(-|$)/i.test(locale)) return ISO_DATE_INPUT;
  let pattern = '';
  for (const part of formatter(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(Date.UTC(2030, 11, 31))) {
    const token = DATE_INPUT_TOKENS[part.type];
    if (token) pattern += token;
    else if (part.type === 'literal' && /^[\s./-]+$/.test(part.value.replace(/[\u200e\u200f\u061c]/g, ''))) pattern += part.value.replace(/[\u200e\u200f\u061c]/g, '');
    else return ISO_DATE_INPUT;
  }
  return /DD/.test(pattern) && /MM/.test(pattern) && /YYYY/.test(pattern) ? pattern : ISO_DATE_INPUT;
}
