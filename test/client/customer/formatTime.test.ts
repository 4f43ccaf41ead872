// The customer screens' date formats (written out instead of dayjs to keep the customer entry small).
import { formatLongDate, formatShortDateTime, formatTime, formatTimeWithSeconds } from '../../../src/features/customer/formatTime';

describe('customer date formats', () => {
  const at = new Date(2026, 10, 22, 9, 5, 7).getTime();

  it('writes the times with leading zeros', () => {
    expect(formatTime(at)).toBe('09:05');
    expect(formatTimeWithSeconds(at)).toBe('09:05:07');
  });

  it('writes the long date and the short date and time as dayjs did', () => {
    expect(formatLongDate(at)).toBe('Sunday 22 November 2026');
    expect(formatShortDateTime(at)).toBe('22 Nov 2026, 09:05');
    expect(formatShortDateTime(new Date(2027, 0, 3, 23, 59).getTime())).toBe('3 Jan 2027, 23:59');
  });
});
