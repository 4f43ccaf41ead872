// A sparkline of bars (no axes), the latest bar in the brand colour; decorative detail beside a figure.
export interface MiniBarsProps {
  values: readonly number[];
  ariaLabel: string;
  color?: string;
}

const WIDTH = 168;
const HEIGHT = 56;
const GAP = 6;

export function MiniBars({ values, ariaLabel, color = '#7a4a2a' }: MiniBarsProps) {
  const max = Math.max(1, ...values);
  const barWidth = values.length > 0 ? (WIDTH - GAP * (values.length - 1)) / values.length : 0;
  return (
    <svg className="sw-mini-bars" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={ariaLabel}>
      {values.map((value, i) => {
        const height = Math.max(3, (value / max) * HEIGHT);
        const latest = i === values.length - 1;
        return (
          <rect
            key={i}
            x={i * (barWidth + GAP)}
            y={HEIGHT - height}
            width={barWidth}
            height={height}
            rx={3}
            fill={color}
            fillOpacity={latest ? 1 : 0.28}
          />
        );
      })}
    </svg>
  );
}
