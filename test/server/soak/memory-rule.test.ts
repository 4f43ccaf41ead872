// The soak's memory rule (test/soak/memory-rule.ts): over a long mixed load each server's RSS ends within 20%
// of where it was after the first 5 minutes, both read as medians of the readings taken every 30 s.
import { keepsRssRule, rssFigures, rssReportLines, type RssReading } from '../../soak/memory-rule';

/** Readings every 30 s over `minutes`, the RSS each minute given by `mbAt`. */
function readingsOf(minutes: number, mbAt: (minute: number) => number): RssReading[] {
  return Array.from({ length: minutes * 2 }, (_, i) => {
    const minute = (i + 1) / 2;
    return { minute, mb: mbAt(minute) };
  });
}

describe('the soak memory rule', () => {
  it('fails a server that ends more than 20% above its level after 5 minutes, even when it had levelled off by one third of the run', () => {
    // 150 MB at 5 minutes, then up to 190 MB by minute 20 and flat for the last 40 minutes: +26.7%.
    const figures = rssFigures(readingsOf(60, (minute) => (minute <= 6 ? 150 : minute < 20 ? 170 : 190)), 60);
    expect(figures).toMatchObject({ earlyMb: 150, endMb: 190, thirdMb: 190, lastThirdMb: 190 });
    expect(keepsRssRule(figures)).toBe(false);
    expect(rssReportLines('sqlite 1', figures, 60)).toEqual([
      'RSS sqlite 1: 150 MB around 5 min, 190 MB over the last 2 min (median) (+26.7%) MORE THAN 20% ABOVE',
      'RSS sqlite 1: 190 MB around 20.0 min, 190 MB over the last third (median; highest 190) (+0.0%) (information)',
    ]);
  });

  it('passes a server that ends 20% above its level after 5 minutes, and one that ends below it', () => {
    expect(keepsRssRule(rssFigures(readingsOf(60, (minute) => (minute <= 6 ? 150 : 180)), 60))).toBe(true);
    expect(keepsRssRule(rssFigures(readingsOf(60, (minute) => (minute <= 6 ? 150 : 181)), 60))).toBe(false);
    expect(keepsRssRule(rssFigures(readingsOf(60, (minute) => (minute <= 6 ? 200 : 120)), 60))).toBe(true);
  });

  it('takes the medians of the two minutes around minute 5 and of the last 2 minutes, so one trough or peak does not decide', () => {
    const troughAtFive = readingsOf(60, (minute) => (minute === 5 ? 120 : minute === 59.5 ? 260 : 180));
    const figures = rssFigures(troughAtFive, 60);
    expect(figures).toMatchObject({ earlyMb: 180, endMb: 180 });
    expect(keepsRssRule(figures)).toBe(true);
  });

  it('reads the load after its first 5 minutes, not from its start', () => {
    // A server still warming up in its first 3 minutes: those readings are not its level.
    const figures = rssFigures(readingsOf(60, (minute) => (minute < 4 ? 100 : 170)), 60);
    expect(figures.earlyMb).toBe(170);
    expect(keepsRssRule(figures)).toBe(true);
  });

  it('fails a server without a reading around minute 5 or in the last 2 minutes to compare', () => {
    expect(keepsRssRule(rssFigures([{ minute: 59, mb: 200 }], 60))).toBe(false);
    expect(keepsRssRule(rssFigures([{ minute: 5, mb: 200 }], 60))).toBe(false);
  });

  it('names the rule as not applying to a run under 30 minutes', () => {
    const figures = rssFigures(readingsOf(3, () => 150), 3);
    expect(figures.earlyMinute).toBe(1.5);
    expect(rssReportLines('pg 1', figures, 3)[0]).toBe('RSS pg 1: 150 MB around 1.5 min, 150 MB over the last 2 min (median) (+0.0%) (the rule applies from 30 min)');
  });
});
