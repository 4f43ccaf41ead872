// Small pure helpers for the hand-drawn SVG charts: round axis maxima and smooth line paths.

/**
 * The smallest "nice" number (1, 2, 2.5 or 5 times a power of ten) times `ticks` that covers `max`.
 * `wholeNumbers`: counts, so the steps stay whole (never 0.25 of a redemption).
 */
export function niceAxis(max: number, ticks = 4, wholeNumbers = false): { max: number; step: number } {
  if (!(max > 0)) return { max: ticks, step: 1 };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough && (!wholeNumbers || Number.isInteger(candidate))) ?? 10 * power;
  return { max: step * ticks, step };
}

export interface Point {
  x: number;
  y: number;
}

/**
 * An SVG path through the points using monotone cubic interpolation (Fritsch–Carlson), so the curve is
 * smooth but never overshoots the data — a weekly dip stays a dip, not a fake negative bump.
 */
export function monotonePath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  if (points.length === 1) return `M${points[0].x},${points[0].y}`;
  const n = points.length;
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i += 1) {
    slopes.push((points[i + 1].y - points[i].y) / (points[i + 1].x - points[i].x));
  }
  const tangents: number[] = [slopes[0]];
  for (let i = 1; i < n - 1; i += 1) {
    tangents.push(slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2);
  }
  tangents.push(slopes[n - 2]);
  for (let i = 0; i < n - 1; i += 1) {
    if (slopes[i] === 0) {
      tangents[i] = 0;
      tangents[i + 1] = 0;
      continue;
    }
    const a = tangents[i] / slopes[i];
    const b = tangents[i + 1] / slopes[i];
    const h = a * a + b * b;
    if (h > 9) {
      const t = 3 / Math.sqrt(h);
      tangents[i] = t * a * slopes[i];
      tangents[i + 1] = t * b * slopes[i];
    }
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  let path = `M${round(points[0].x)},${round(points[0].y)}`;
  for (let i = 0; i < n - 1; i += 1) {
    const dx = (points[i + 1].x - points[i].x) / 3;
    path +=
      ` C${round(points[i].x + dx)},${round(points[i].y + tangents[i] * dx)}` +
      ` ${round(points[i + 1].x - dx)},${round(points[i + 1].y - tangents[i + 1] * dx)}` +
      ` ${round(points[i + 1].x)},${round(points[i + 1].y)}`;
  }
  return path;
}
