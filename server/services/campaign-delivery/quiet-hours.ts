// Campaign messages never arrive at night: between 21:00 and 08:00 in the store's time zone they wait
// until 08:00. A store without a time zone (or with one this server does not know) keeps UTC.

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
const MINUTE_MS = 60_000;

function localClock(at: number, timeZone: string | null): { hour: number; minute: number; second: number } {
  const zone = timeZone ?? 'UTC';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(at);
  } catch {
    return localClock(at, 'UTC');
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** When a message due at `at` may go out: `at` itself in the day, the next 08:00 local at night. */
export function sendableAt(at: number, timeZone: string | null): number {
  const { hour, minute, second } = localClock(at, timeZone);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at;
  const minutesOfDay = hour * 60 + minute;
  const minutesToMorning = (QUIET_UNTIL_HOUR * 60 - minutesOfDay + 24 * 60) % (24 * 60);
  return at - (at % 1000) - second * 1000 + minutesToMorning * MINUTE_MS;
}
