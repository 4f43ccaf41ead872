// The app's date and time formats (src/lib/format.ts: Intl, in the app's English by default).
import { dateInputFormat, formatDay, formatLongDate, formatShortDateTime, formatTime, formatTimeAgo, formatTimeWithSeconds, intlElapsedPhrases } from '../../../src/lib/format';

describe('date and time formats', () => {
  const at = new Date(2026, 10, 22, 9, 5, 7).getTime();

  it('writes the times with leading zeros', () => {
    expect(formatTime(at)).toBe('09:05');
    expect(formatTimeWithSeconds(at)).toBe('09:05:07');
  });

  it('writes the long date and the short date and time', () => {
    expect(formatLongDate(at)).toBe('Sunday 22 November 2026');
    expect(formatShortDateTime(at)).toBe('22 Nov 2026, 09:05');
    expect(formatShortDateTime(new Date(2027, 0, 3, 23, 59).getTime())).toBe('3 Jan 2027, 23:59');
  });

  it("keeps the words of a long date in Spanish and German (a Mexican invitation's \"4 de diciembre de 2026\"), without commas", () => {
    const friday = new Date(2026, 11, 4, 12).getTime();
    expect(formatLongDate(friday, 'es-MX')).toBe('viernes 4 de diciembre de 2026');
    expect(formatLongDate(friday, 'de-DE')).toBe('Freitag 4. Dezember 2026');
    expect(formatLongDate(friday, 'en-US')).toBe('Friday December 4 2026');
  });

  it('writes the day, and takes a locale', () => {
    expect(formatDay(at)).toBe('22 Nov 2026');
    expect(formatDay(at, 'de-DE')).toBe('22. Nov. 2026');
    expect(formatTime(at, 'de-DE')).toBe('09:05');
  });

  it('tells a moment in the past in the phrases given, and by its day after a week', () => {
    const phrases = intlElapsedPhrases('en-GB');
    const now = at + 10 * 24 * 3600_000;
    expect(formatTimeAgo(now - 30_000, now, phrases)).toBe('now');
    expect(formatTimeAgo(now - 5 * 60_000, now, phrases)).toBe('5 min ago');
    expect(formatTimeAgo(now - 3 * 3600_000, now, phrases)).toBe('3 hr ago');
    expect(formatTimeAgo(at, now, phrases)).toBe('22 Nov');
  });
});

describe('the date pickers\' format', () => {
  test('is the date as each language writes it: day first in Spain and France, with dots in Germany', () => {
    expect(dateInputFormat('es-ES')).toBe('DD/MM/YYYY');
    expect(dateInputFormat('fr-FR')).toBe('DD/MM/YYYY');
    expect(dateInputFormat('de-DE')).toBe('DD.MM.YYYY');
  });

  test('is the ISO date in English, whose US and British readers order numeric dates oppositely', () => {
    expect(dateInputFormat('en-US')).toBe('YYYY-MM-DD');
    expect(dateInputFormat('en-GB')).toBe('YYYY-MM-DD');
    expect(dateInputFormat('en')).toBe('YYYY-MM-DD');
  });

  test('drops the right-to-left marks Arabic puts in a date, leaving Latin digits\' order', () => {
    expect(dateInputFormat('ar-u-nu-latn')).toBe('DD/MM/YYYY');
  });
});
