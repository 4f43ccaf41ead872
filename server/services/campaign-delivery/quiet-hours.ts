// Campaign messages never arrive at night: between 21:00 and 08:00 in the store's time zone they wait
// until 08:00. A store without a time zone (or with one this server does not know) keeps UTC.
import { localTime } from '../store-time-zone';

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
const MINUTE_MS = 60_000;

/**
 * When a message due at `at` may go out: `at` itself in the day, the next 08:00 local at night. The wait is
 * worked out on the local clock, then checked again: on the night the clocks change, 08:00 is an hour
 * nearer or further than the clock face says.
 */
export function sendableAt(at: number, timeZone: string | null): number {
  const { hour, minute, second } = localTime(at, timeZone);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at;
  const minutesOfDay = hour * 60 + minute;
  const minutesToMorning = (QUIET_UNTIL_HOUR * 60 - minutesOfDay + 24 * 60) % (24 * 60);
  const guess = at - (at % 1000) - second * 1000 + minutesToMorning * MINUTE_MS;
  const reached = localTime(guess, timeZone);
  // Off by the clock change: move by the difference between the local time reached and 08:00.
  const offByMinutes = reached.hour * 60 + reached.minute - QUIET_UNTIL_HOUR * 60;
  return guess - offByMinutes * MINUTE_MS;
}
