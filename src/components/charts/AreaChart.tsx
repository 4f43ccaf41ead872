// A small, dependency-free SVG area chart of one series (e.g. redemptions per week).
import { useId, useLayoutEffect, useRef, useState } from 'react';
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
  /**
   * Label every n-th point at most, counting back from the last (dense series, e.g. 30 days: 7). Default 1. Labels
   * too wide for that (long words, another script) are thinned further so that none runs into the next.
   */
  labelEvery?: number;
  /** The values are counts: keep the axis steps whole. */
  wholeNumbers?: boolean;
}

/** Room kept between two neighbouring labels: about a character, so two labels never read as one. */
const LABEL_GAP = 12;

/** About 7 units a character at the axis size: the width used until the browser has measured the labels (and in tests). */
function estimatedWidth(label: string): number {
  return label.length * 7;
}

/** Whether a label `width` wide, centred under the last point, stays inside the chart. */
function fitsBesideLastPoint(width: number): boolean {
  return width <= 2 * PAD.right;
}

/**
 * The last label ends at its point in a thinned series, or when it is wider than the room beside it ('الأسبوع 12'
 * against 'Wk 12'), so it is not cut off at the edge.
 */
function lastLabelEndsAtPoint(step: number, widest: number): boolean {
  return step > 1 || !fitsBesideLastPoint(widest);
}

/**
 * Label every `step`-th point, counting back from the last: the smallest step from `atLeast` at which labels up
 * to `widest` units wide keep apart, `spacing` units between points. A last label that ends at its point takes
 * its whole width on the left where a centred one takes half: its neighbour must keep one and a half widths off.
 */
export function labelStep(widest: number, spacing: number, pointCount: number, atLeast = 1): number {
  let step = Math.max(1, atLeast);
  while (step < pointCount - 1) {
    const needed = (lastLabelEndsAtPoint(step, widest) ? 1.5 : 1) * widest + LABEL_GAP;
    if (step * spacing >= needed) break;
    step += 1;
  }
  return step;
}

interface MeasuredLabels {
  /** The labels measured, joined: a new language or series measures again. */
  key: string;
  widest: number;
}

export function AreaChart({ points, ariaLabel, color = '#7a4a2a', labelEvery = 1, wholeNumbers = false }: AreaChartProps) {
  const gradientId = `sw-area-${useId().replace(/:/g, '')}`;
  const labelsKey = points.map((p) => p.label).join('\u0000');
  const [measured, setMeasured] = useState<MeasuredLabels | null>(null);
  const measuring = useRef<SVGGElement>(null);
  const isMeasured = measured?.key === labelsKey;
  // The browser measures the labels as drawn in its font, once per set of labels, before the chart is painted.
  useLayoutEffect(() => {
    const texts = Array.from(measuring.current?.querySelectorAll('text') ?? []);
    if (isMeasured || texts.length === 0) return;
    // Without layout (tests) the estimate stands.
    const widths = texts.map((text) => (typeof text.getComputedTextLength === 'function' ? text.getComputedTextLength() : estimatedWidth(text.textContent ?? '')));
    setMeasured({ key: labelsKey, widest: Math.max(...widths) });
  }, [isMeasured, labelsKey]);
  const widestLabel = isMeasured ? measured.widest : Math.max(0, ...points.map((p) => estimatedWidth(p.label)));
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
  const anchorOf = (index: number): 'start' | 'middle' | 'end' => {
    if (index === points.length - 1 && lastLabelEndsAtPoint(step, widestLabel)) return 'end';
    // A first label wider than the room left of the first point starts there instead of running off the chart.
    if (index === 0 && widestLabel > 2 * PAD.left) return 'start';
    return 'middle';
  };
  const step = labelStep(widestLabel, points.length <= 1 ? plotWidth : plotWidth / (points.length - 1), points.length, labelEvery);

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
          (points.length - 1 - i) % step === 0 ? (
            <text key={p.label} x={xAt(i)} y={HEIGHT - 8} className="sw-chart-axis" textAnchor={anchorOf(i)}>
              {p.label}
            </text>
          ) : null,
        )}
        {isMeasured ? null : (
          <g ref={measuring} visibility="hidden">
            {points.map((p) => (
              <text key={p.label} className="sw-chart-axis">
                {p.label}
              </text>
            ))}
          </g>
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
