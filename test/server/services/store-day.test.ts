// The store's calendar day: where it starts in the store's time zone, on ordinary days and on the days
// the clocks change, and the offsets the database cuts days with.
import { storeCalendar, storeDate, storeDay, storeDayStart, utcOffsetSpans } from '../../../server/services/store-day';

const at = (iso: string) => Date.parse(iso);

describe('storeDay', () => {
  it('in Asia/Kolkata, 23:30 and 00:30 shop time are two days though both fall on one UTC day', () => {
    const lateEvening = at('2026-11-24T18:00:00Z'); // 23:30 in Kolkata
    const afterMidnight = at('2026-11-24T19:00:00Z'); // 00:30 the next day
    expect(storeDay(afterMidnight, 'Asia/Kolkata') - storeDay(lateEvening, 'Asia/Kolkata')).toBe(1);
    expect(storeDate(storeDay(afterMidnight, 'Asia/Kolkata'))).toBe('2026-11-25');
    expect(storeDay(afterMidnight, null)).toBe(storeDay(lateEvening, null));
  });

  it('in America/Los_Angeles, 23:30 and 00:30 shop time are two days though both fall on one UTC day', () => {
    const lateEvening = at('2026-11-25T07:30:00Z'); // 23:30 on the 24th
    const afterMidnight = at('2026-11-25T08:30:00Z'); // 00:30 on the 25th
    expect(storeDate(storeDay(lateEvening, 'America/Los_Angeles'))).toBe('2026-11-24');
    expect(storeDate(storeDay(afterMidnight, 'America/Los_Angeles'))).toBe('2026-11-25');
  });

  it('a store without a time zone counts UTC days', () => {
    expect(storeDate(storeDay(at('2026-11-24T23:59:59Z'), null))).toBe('2026-11-24');
    expect(storeDate(storeDay(at('2026-11-25T00:00:00Z'), null))).toBe('2026-11-25');
  });
});

describe('storeDayStart', () => {
  it('is local midnight: 18:30 UTC the evening before in Kolkata, 08:00 UTC in Los Angeles in winter', () => {
    const day = storeDay(at('2026-11-25T12:00:00Z'), 'Asia/Kolkata');
    expect(new Date(storeDayStart(day, 'Asia/Kolkata')).toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(new Date(storeDayStart(day, 'America/Los_Angeles')).toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('the day the clocks go forward lasts 23 hours and the day they go back 25 (America/Los_Angeles)', () => {
    const springDay = storeDay(at('2027-03-14T20:00:00Z'), 'America/Los_Angeles');
    const autumnDay = storeDay(at('2026-11-01T20:00:00Z'), 'America/Los_Angeles');
    const length = (day: number) => (storeDayStart(day + 1, 'America/Los_Angeles') - storeDayStart(day, 'America/Los_Angeles')) / 3_600_000;
    expect(length(springDay)).toBe(23);
    expect(length(autumnDay)).toBe(25);
    // 23:30 and 00:30 around the autumn change are still two days.
    expect(storeDay(at('2026-11-02T08:30:00Z'), 'America/Los_Angeles') - storeDay(at('2026-11-02T07:30:00Z'), 'America/Los_Angeles')).toBe(1);
  });
});

describe('utcOffsetSpans', () => {
  it('names each clock change to the second, and one span where the clock never changes', () => {
    const spans = utcOffsetSpans('America/Los_Angeles', at('2026-10-20T00:00:00Z'), at('2026-11-20T00:00:00Z'));
    expect(spans.map((span) => [span.from, span.offsetMs / 3_600_000])).toEqual([
      [Number.NEGATIVE_INFINITY, -7],
      [at('2026-11-01T09:00:00Z'), -8],
    ]);
    expect(utcOffsetSpans('Asia/Kolkata', at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z'))).toEqual([{ from: Number.NEGATIVE_INFINITY, offsetMs: 5.5 * 3_600_000 }]);
  });

  it('gives every range the changes inside it, both of a zone that changes twice in five weeks, however the range falls', () => {
    // Morocco leaves summer time for Ramadan: 2026-02-15 02:00 UTC to +0, 2026-03-22 02:00 UTC back to +1.
    const leave = at('2026-02-15T02:00:00Z');
    const back = at('2026-03-22T02:00:00Z');
    // Ranges that end at "now", moved on by an odd step each time, as the campaign planner asks for them.
    for (let until = at('2026-02-01T00:00:00Z'); until < at('2026-05-01T00:00:00Z'); until += 7 * 3_600_000 + 1234) {
      const from = until - 30 * 86_400_000;
      const expected: [number, number][] = [[Number.NEGATIVE_INFINITY, from >= leave && from < back ? 0 : 1]];
      if (leave > from && leave <= until) expected.push([leave, 0]);
      if (back > from && back <= until) expected.push([back, 1]);
      expect(utcOffsetSpans('Africa/Casablanca', from, until).map((span) => [span.from, span.offsetMs / 3_600_000])).toEqual(expected);
    }
    expect(utcOffsetSpans('Africa/Casablanca', at('2026-02-10T00:00:00Z'), at('2026-03-30T00:00:00Z')).map((span) => span.from)).toEqual([Number.NEGATIVE_INFINITY, leave, back]);
  });
});

describe('storeCalendar', () => {
  it("follows the store's zone when it has one, else the fallback offset (the dashboard's browser offset)", () => {
    const noon = at('2026-11-25T12:00:00Z');
    expect(storeCalendar('Asia/Kolkata', -480).dayStart(storeCalendar('Asia/Kolkata').dayOf(noon))).toBe(at('2026-11-24T18:30:00Z'));
    const pacificBrowser = storeCalendar(null, -480);
    expect(pacificBrowser.dayStart(pacificBrowser.dayOf(noon))).toBe(at('2026-11-25T08:00:00Z'));
    expect(pacificBrowser.offsets(0, 1)).toEqual([{ from: Number.NEGATIVE_INFINITY, offsetMs: -480 * 60_000 }]);
  });
});
