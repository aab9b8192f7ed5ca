import { barLength, describePoints, niceCeiling } from '@/lib/portal/dashboard/chart-scale';
import type { ChartPoint } from '@/lib/portal/dashboard/charts';
import c from './charts.module.css';

const WIDTH = 620;
const PLOT_TOP = 10;
const PLOT_HEIGHT = 150;
const LEFT = 36;
// Room for today's date label, centred under the last column.
const RIGHT = 18;
const BOTTOM_ROOM = 22;

/** One column per day, oldest on the left, a date under today's column and every seventh before it. */
export function DailyChart({ id, title, points }: { id: string; title: string; points: ChartPoint[] }) {
  const ceiling = niceCeiling(Math.max(0, ...points.map((p) => p.value)));
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(points.length, 1);
  const baseline = PLOT_TOP + PLOT_HEIGHT;
  return (
    <figure className={`${c.chart} ${c.wide}`}>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${baseline + BOTTOM_ROOM}`}
        data-chart={id}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{describePoints(points)}</desc>
        <line className={c.grid} x1={LEFT} x2={WIDTH - RIGHT} y1={PLOT_TOP} y2={PLOT_TOP} />
        <text className={c.axis} x={LEFT - 6} y={PLOT_TOP + 4} textAnchor="end">
          {ceiling}
        </text>
        <text className={c.axis} x={LEFT - 6} y={baseline + 4} textAnchor="end">
          0
        </text>
        {points.map((p, i) => {
          const height = barLength(p.value, ceiling, PLOT_HEIGHT);
          const x = LEFT + i * slot;
          const labelled = (points.length - 1 - i) % 7 === 0;
          return (
            <g key={p.label}>
              <rect className={c.bar} x={x + 2} y={baseline - height} width={slot - 4} height={height} />
              {labelled ? (
                <text className={c.axis} x={x + slot / 2} y={baseline + 16} textAnchor="middle">
                  {p.label.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className={c.baseline} x1={LEFT} x2={WIDTH - RIGHT} y1={baseline} y2={baseline} />
      </svg>
    </figure>
  );
}
