// A store's time zone as the vendor sends it, and the store's calendar day that campaign periods count.
import { localDayNumber, parseTimeZone } from '../../../server/services/store-time-zone';

describe('parseTimeZone', () => {
  it('takes IANA names in any letter case, UTC included, and leaves a missing one unchanged', () => {
    expect(parseTimeZone('Europe/Paris')).toEqual({ value: 'Europe/Paris' });
    expect(parseTimeZone(' america/new_york ')).toEqual({ value: 'America/New_York' });
    expect(parseTimeZone('UTC')).toEqual({ value: 'UTC' });
    expect(parseTimeZone(undefined)).toEqual({ value: undefined });
  });

  it('refuses names Intl does not know and fixed offsets, in the vendor\'s language', () => {
    const english = { problem: 'Time zone must be an IANA time zone such as Europe/Paris, America/New_York or UTC.' };
    expect(parseTimeZone('Europe/Atlantis')).toEqual(english);
    expect(parseTimeZone('+01:00')).toEqual(english);
    expect(parseTimeZone('')).toEqual(english);
    expect(parseTimeZone(42)).toEqual(english);
    expect(parseTimeZone('Mars/Olympus', 'fr')).toEqual({ problem: 'Le fuseau horaire doit être un fuseau horaire IANA comme Europe/Paris, America/New_York ou UTC.' });
  });
});

describe('localDayNumber', () => {
  it('turns the day at local midnight, not at UTC midnight', () => {
    // 23:30 UTC on Monday is already Tuesday in Paris.
    const lateMonday = Date.parse('2026-11-23T23:30:00Z');
    expect(localDayNumber(lateMonday, 'Europe/Paris') - localDayNumber(lateMonday, 'UTC')).toBe(1);
  });

  it('counts the 23-hour day the clocks go forward as one day', () => {
    const saturdayNoon = Date.parse('2027-03-27T11:00:00Z');
    const sundayNoon = Date.parse('2027-03-28T10:00:00Z');
    const mondayMorning = Date.parse('2027-03-29T06:00:00Z');
    expect(localDayNumber(sundayNoon, 'Europe/Paris') - localDayNumber(saturdayNoon, 'Europe/Paris')).toBe(1);
    expect(localDayNumber(mondayMorning, 'Europe/Paris') - localDayNumber(saturdayNoon, 'Europe/Paris')).toBe(2);
  });
});
