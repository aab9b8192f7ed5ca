import type { HistoryPoint } from '@/lib/bms/history';
import { formatDate } from '@/lib/schema/value-format';

/**
 * State of health, capacity fade and cycle count over time (Annex XIII point 4), drawn on the server as inline SVG
 * with no script, each chart followed by its figures as a table for screen readers and for reading exact values.
 */

interface Series {
  id: string;
  title: string;
  unit: string;
  values: (number | null)[];
}

const WIDTH = 560;
const HEIGHT = 160;
const PAD = { left: 48, right: 12, top: 12, bottom: 28 };

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** Capacity fade: the share of the rated capacity lost, from the remaining capacity each report named. */
function fadeOf(point: HistoryPoint, ratedCapacityAh: number | null): number | null {
  if (point.remainingCapacityAh === null || !ratedCapacityAh) return null;
  return round(100 * (1 - point.remainingCapacityAh / ratedCapacityAh));
}

function seriesOf(points: HistoryPoint[], ratedCapacityAh: number | null): Series[] {
  const all: Series[] = [
    { id: 'soh', title: 'State of health', unit: '%', values: points.map((p) => p.sohPct) },
    { id: 'fade', title: 'Capacity fade', unit: '%', values: points.map((p) => fadeOf(p, ratedCapacityAh)) },
    { id: 'cycles', title: 'Cycle count', unit: 'cycles', values: points.map((p) => p.cycles) },
  ];
  return all.filter((s) => s.values.some((v) => v !== null));
}

function Chart({ series, times }: { series: Series; times: number[] }) {
  const known = series.values.flatMap((v, i) => (v === null ? [] : [{ v, t: times[i] }]));
  const vMin = Math.min(...known.map((k) => k.v));
  const vMax = Math.max(...known.map((k) => k.v));
  const tMin = times[0];
  const tMax = times.at(-1)!;
  const x = (t: number) =>
    PAD.left + (tMax === tMin ? 0.5 : (t - tMin) / (tMax - tMin)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) =>
    PAD.top + (vMax === vMin ? 0.5 : (vMax - v) / (vMax - vMin)) * (HEIGHT - PAD.top - PAD.bottom);
  const line = known.map((k) => `${round(x(k.t), 1)},${round(y(k.v), 1)}`).join(' ');
  const label = `${series.title} from ${formatDate(new Date(tMin).toISOString())} to ${formatDate(new Date(tMax).toISOString())}: ${round(known[0].v)} to ${round(known.at(-1)!.v)} ${series.unit}`;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={label}
      data-series={series.id}
      data-points={known.length}
      style={{ maxWidth: WIDTH }}
    >
      <line x1={PAD.left} y1={HEIGHT - PAD.bottom} x2={WIDTH - PAD.right} y2={HEIGHT - PAD.bottom} stroke="#888" />
      <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={HEIGHT - PAD.bottom} stroke="#888" />
      <text x={PAD.left - 4} y={PAD.top + 4} fontSize="10" textAnchor="end">
        {round(vMax)}
      </text>
      <text x={PAD.left - 4} y={HEIGHT - PAD.bottom} fontSize="10" textAnchor="end">
        {round(vMin)}
      </text>
      <text x={PAD.left} y={HEIGHT - 8} fontSize="10">
        {formatDate(new Date(tMin).toISOString())}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 8} fontSize="10" textAnchor="end">
        {formatDate(new Date(tMax).toISOString())}
      </text>
      <polyline points={line} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function TelemetryHistoryChart({
  points,
  ratedCapacityAh,
  headingLevel = 3,
}: {
  points: HistoryPoint[];
  ratedCapacityAh: number | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const series = seriesOf(points, ratedCapacityAh);
  const times = points.map((p) => Date.parse(p.at));
  const reports = points.reduce((n, p) => n + p.reports, 0);
  return (
    <section aria-labelledby="telemetry-history-title" data-testid="telemetry-history">
      <Heading id="telemetry-history-title">State of health and use over time</Heading>
      {series.length === 0 ? (
        <p>No history yet: it starts with the first report from the battery-management system.</p>
      ) : (
        <>
          <p>
            From {reports} reports of the battery-management system
            {points.length < reports ? `, each point the mean of about ${Math.round(reports / points.length)}` : ''}.
          </p>
          {series.map((s) => (
            <figure key={s.id}>
              <figcaption>
                {s.title} ({s.unit})
              </figcaption>
              <Chart series={s} times={times} />
            </figure>
          ))}
          <details>
            <summary>The figures as a table</summary>
            <table data-testid="telemetry-history-table">
              <caption>State of health, capacity fade and cycle count over time</caption>
              <thead>
                <tr>
                  <th scope="col">From</th>
                  {series.map((s) => (
                    <th key={s.id} scope="col">
                      {s.title} ({s.unit})
                    </th>
                  ))}
                  <th scope="col">Reports</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p, i) => (
                  <tr key={p.at}>
                    <th scope="row">
                      <time dateTime={p.at}>{p.at.slice(0, 16).replace('T', ' ')}</time>
                    </th>
                    {series.map((s) => (
                      <td key={s.id}>{s.values[i] === null ? '–' : round(s.values[i]!)}</td>
                    ))}
                    <td>{p.reports}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
