// The arithmetic of a campaign's result, kept pure so known inputs give known intervals: a difference of
// two means with its 95% interval by the normal approximation (two samples, unequal variances), and the
// mean of paired differences with its interval.

/** The two-sided 95% point of the standard normal distribution. */
export const Z_95 = 1.959963984540054;

/**
 * Each group needs at least this many customers before a result is given: below about 30, a mean of
 * visit counts (skewed: most customers come 0 or 1 times) is too far from normal for the interval to
 * hold, and one regular's visits swing the difference by whole visits per 100 customers.
 */
export const MINIMUM_GROUP_SIZE = 30;

export interface Interval {
  /** The estimate, and the low and high ends of its 95% interval. */
  estimate: number;
  low: number;
  high: number;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** The sample variance (n − 1 in the denominator); 0 for fewer than two values. */
export function sampleVariance(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
}

/** mean(a) − mean(b) with its 95% interval: ± z·√(s²a/na + s²b/nb). Undefined when a group is under the minimum. */
export function differenceOfMeans(a: readonly number[], b: readonly number[], minimum = MINIMUM_GROUP_SIZE): Interval | undefined {
  if (a.length < minimum || b.length < minimum) return undefined;
  const estimate = mean(a) - mean(b);
  const margin = Z_95 * Math.sqrt(sampleVariance(a) / a.length + sampleVariance(b) / b.length);
  return { estimate, low: estimate - margin, high: estimate + margin };
}

/** The mean of paired differences (each customer against themselves) with its 95% interval: ± z·s/√n. */
export function meanWithInterval(differences: readonly number[], minimum = MINIMUM_GROUP_SIZE): Interval | undefined {
  if (differences.length < minimum) return undefined;
  const estimate = mean(differences);
  const margin = Z_95 * Math.sqrt(sampleVariance(differences) / differences.length);
  return { estimate, low: estimate - margin, high: estimate + margin };
}

/** An interval scaled (e.g. visits per customer → visits per 100 customers). */
export function scaled(interval: Interval, factor: number): Interval {
  return { estimate: interval.estimate * factor, low: interval.low * factor, high: interval.high * factor };
}
