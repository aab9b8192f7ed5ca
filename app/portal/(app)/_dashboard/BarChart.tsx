import { barLength, describePoints, niceCeiling } from '@/lib/portal/dashboard/chart-scale';
import type { ChartPoint } from '@/lib/portal/dashboard/charts';
import c from './charts.module.css';

const WIDTH = 480;
const ROW = 40;
const VALUE_ROOM = 48;

/**
 * Horizontal bars, each under its label (category names are long), drawn on the server as SVG. The title names
 * the chart for assistive technology and the description reads out every value.
 */
export function BarChart({ id, title, points }: { id: string; title: string; points: ChartPoint[] }) {
  const ceiling = niceCeiling(Math.max(0, ...points.map((p) => p.value)));
  const span = WIDTH - VALUE_ROOM;
  const height = points.length * ROW + 4;
  return (
    <figure className={c.chart}>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        data-chart={id}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{describePoints(points)}</desc>
        {points.map((p, i) => {
          const y = i * ROW;
          const length = barLength(p.value, ceiling, span);
          return (
            <g key={p.label}>
              <text className={c.label} x={0} y={y + 14}>
                {p.label}
              </text>
              <rect className={c.track} x={0} y={y + 20} width={span} height={14} rx={2} />
              <rect className={c.bar} x={0} y={y + 20} width={length} height={14} rx={2} />
              <text className={c.value} x={span + 6} y={y + 32}>
                {p.value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
