// The few local date and time formats the customer screens show, in English as everywhere in the app
// ('10:42', '10:42:07', 'Sunday 22 November 2026', '22 Nov 2026, 10:42'). Written out instead of dayjs:
// the customer entry's weight budget has no room for a date library it needs four formats of.
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const two = (n: number) => String(n).padStart(2, '0');

/** HH:mm */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** HH:mm:ss */
export function formatTimeWithSeconds(ms: number): string {
  return `${formatTime(ms)}:${two(new Date(ms).getSeconds())}`;
}

/** dddd D MMMM YYYY */
export function formatLongDate(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** D MMM YYYY, HH:mm */
export function formatShortDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getDate()} ${MONTHS[d.getMonth()].slice(0, 3)} ${d.getFullYear()}, ${formatTime(ms)}`;
}
