// The soak's memory rule, apart from the load, so that a unit test holds it and a finished run's memory-probe
// logs can be read with it (test/soak/probe-rss-rule.ts).
//
// The rule: over an hour of mixed load each server's RSS stays within 20% of where it was after the first
// 5 minutes. "Where it was" is the median of the readings of the two minutes around minute 5 and "the end"
// the median of the last 2 minutes' readings: one reading swings by ±15% as V8 grows and gives back its heap,
// so a single reading would decide on a trough or a peak. The level at one third of the run against the
// last third is worked out too, as extra information (whether a curve levelled off), and decides nothing.

/** The RSS of one server at one moment, `minute` counted from the start of the load. */
export interface RssReading {
  minute: number;
  mb: number;
}

export interface RssFigures {
  /** Where the rule's baseline is read (minute 5, or the middle of a run shorter than 10 minutes). */
  earlyMinute: number;
  /** The median of the readings within a minute either side of `earlyMinute`. */
  earlyMb: number;
  /** The median of the last 2 minutes' readings. */
  endMb: number;
  /** Extra information: the median of the readings within a minute either side of one third of the run. */
  thirdMb: number;
  /** Extra information: the median, and the highest, of the last third's readings. */
  lastThirdMb: number;
  lastThirdMaxMb: number;
}

/** How far above its level after the first 5 minutes a server's RSS may end. */
export const RSS_GROWTH_ALLOWED = 0.2;
/** Runs shorter than this do not hold the servers to the rule: the heap is still finding its working size. */
export const RSS_RULE_FROM_MINUTES = 30;
const EARLY_MINUTE = 5;
const END_WINDOW_MINUTES = 2;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

function between(readings: readonly RssReading[], from: number, to: number): number[] {
  return readings.filter((r) => r.minute >= from && r.minute <= to).map((r) => r.mb);
}

/** The figures of one server's readings over a load of `minutes`. */
export function rssFigures(readings: readonly RssReading[], minutes: number): RssFigures {
  const earlyMinute = Math.min(EARLY_MINUTE, minutes / 2);
  const third = minutes / 3;
  const lastThird = between(readings, (2 * minutes) / 3, minutes);
  return {
    earlyMinute,
    earlyMb: median(between(readings, earlyMinute - 1, earlyMinute + 1)),
    endMb: median(between(readings, minutes - END_WINDOW_MINUTES, minutes)),
    thirdMb: median(between(readings, third - 1, third + 1)),
    lastThirdMb: median(lastThird),
    lastThirdMaxMb: Math.max(0, ...lastThird),
  };
}

/** Whether the server ended within 20% of its level after the first 5 minutes (a fall is no breach). */
export function keepsRssRule(figures: RssFigures): boolean {
  // Without readings at either end there is nothing to compare: no pass.
  return figures.earlyMb > 0 && figures.endMb > 0 && figures.endMb <= Math.round(figures.earlyMb * (1 + RSS_GROWTH_ALLOWED));
}

/** "+8.4%", "-3.4%", or "?" without a baseline. */
export function rssChange(fromMb: number, toMb: number): string {
  if (!fromMb) return '?';
  return `${toMb >= fromMb ? '+' : ''}${(((toMb - fromMb) / fromMb) * 100).toFixed(1)}%`;
}

/** The report's lines for one server: the rule's figures and verdict, then the one-third figures. */
export function rssReportLines(server: string, figures: RssFigures, minutes: number): string[] {
  const verdict = minutes < RSS_RULE_FROM_MINUTES ? `(the rule applies from ${RSS_RULE_FROM_MINUTES} min)` : keepsRssRule(figures) ? 'within 20%' : 'MORE THAN 20% ABOVE';
  return [
    `RSS ${server}: ${figures.earlyMb} MB around ${figures.earlyMinute} min, ${figures.endMb} MB over the last 2 min (median) (${rssChange(figures.earlyMb, figures.endMb)}) ${verdict}`,
    `RSS ${server}: ${figures.thirdMb} MB around ${(minutes / 3).toFixed(1)} min, ${figures.lastThirdMb} MB over the last third (median; highest ${figures.lastThirdMaxMb}) (${rssChange(figures.thirdMb, figures.lastThirdMb)}) (information)`,
  ];
}
