/** The p-th percentile (0–100) of values sorted ascending, by the nearest rank below; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
