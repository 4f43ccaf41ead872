// A small, dependency-free SVG area chart of one series (e.g. redemptions per week).
import { useId } from 'react';
import { monotonePath, niceAxis } from './scale';

export interface ChartPoint {
  label: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 232;
// Room on the right for the last x label ('Wk 12') centred under the last point.
const PAD = { top: 16, right: 24, bottom: 30, left: 40 };

export interface AreaChartProps {
  points: readonly ChartPoint[];
  /** What the chart shows, read by screen readers instead of the drawing. */
  ariaLabel: string;
  color?: string;
  /** Label every n-th point only, counting back from the last (dense series, e.g. 30 days: 7). Default 1. */
  labelEvery?: number;
  /** The values are counts: keep the axis steps whole. */
  wholeNumbers?: boolean;
}

/** Whether a label centred under the last point stays inside the chart: about 7 units a character at the axis size. */
function fitsBesideLastPoint(label: string): boolean {
  return label.length * 7 <= 2 * PAD.right;
}

export function AreaChart({ points, ariaLabel, color = '#7a4a2a', labelEvery = 1, wholeNumbers = false }: AreaChartProps) {
  const gradientId = `sw-area-${useId().replace(/:/g, '')}`;
  const axis = niceAxis(Math.max(0, ...points.map((p) => p.value)), 4, wholeNumbers);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const xAt = (index: number) => PAD.left + (points.length <= 1 ? plotWidth / 2 : (index / (points.length - 1)) * plotWidth);
  const yAt = (value: number) => PAD.top + plotHeight - (value / axis.max) * plotHeight;
  const coordinates = points.map((p, i) => ({ x: xAt(i), y: yAt(p.value) }));
  const line = monotonePath(coordinates);
  const baseline = PAD.top + plotHeight;
  const area = coordinates.length > 0 ? `${line} L${xAt(points.length - 1)},${baseline} L${xAt(0)},${baseline} Z` : '';
  const ticks = Array.from({ length: Math.round(axis.max / axis.step) + 1 }, (_, i) => i * axis.step);
  const last = coordinates[coordinates.length - 1];

  return (
    // Time runs left to right in every language: on a right-to-left page a text's 'end' anchor would flip to its
    // left, pushing the last date past the right edge and the axis figures into the plot.
    <svg className="sw-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={ariaLabel} direction="ltr">
      <defs>
        <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor={color} stopOpacity={0.28} />
          <stop offset="100%" stopColor={color} stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <g aria-hidden>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={yAt(tick)} y2={yAt(tick)} className="sw-chart-grid" />
            <text x={PAD.left - 8} y={yAt(tick)} className="sw-chart-axis" textAnchor="end" dominantBaseline="middle">
              {tick}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          (points.length - 1 - i) % labelEvery === 0 ? (
            // In a dense series, or when the last label is wider than the room beside it ('الأسبوع 12' against
            // 'Wk 12'), the last label ends at its point, so it is not cut off at the edge.
            <text key={p.label} x={xAt(i)} y={HEIGHT - 8} className="sw-chart-axis" textAnchor={i === points.length - 1 && (labelEvery > 1 || !fitsBesideLastPoint(p.label)) ? 'end' : 'middle'}>
              {p.label}
            </text>
          ) : null,
        )}
        <path d={area} fill={`url(#${gradientId})`} />
        <path d={line} fill="none" stroke={color} strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" />
        {coordinates.map((c, i) => (
          <circle key={points[i].label} cx={c.x} cy={c.y} r={3} fill="#fff" stroke={color} strokeWidth={2} />
        ))}
        {last ? <circle cx={last.x} cy={last.y} r={6} fill={color} stroke="#fff" strokeWidth={2.5} /> : null}
      </g>
    </svg>
  );
}
