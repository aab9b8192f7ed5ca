import type { HistoryPoint } from '@/lib/bms/history';
import { type I18n, i18nFor } from '@/lib/i18n/translator';

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

function seriesOf(points: HistoryPoint[], ratedCapacityAh: number | null, { t }: I18n): Series[] {
  const all: Series[] = [
    { id: 'soh', title: t('poli.history.soh'), unit: '%', values: points.map((p) => p.sohPct) },
    { id: 'fade', title: t('poli.history.fade'), unit: '%', values: points.map((p) => fadeOf(p, ratedCapacityAh)) },
    {
      id: 'cycles',
      title: t('poli.history.cycles'),
      unit: t('poli.history.cyclesUnit'),
      values: points.map((p) => p.cycles),
    },
  ];
  return all.filter((s) => s.values.some((v) => v !== null));
}

function Chart({ series, times, i18n }: { series: Series; times: number[]; i18n: I18n }) {
  const { formatDate } = i18n.fmt;
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
  const label = i18n.t('poli.history.seriesLabel', {
    title: series.title,
    from: formatDate(new Date(tMin).toISOString()),
    to: formatDate(new Date(tMax).toISOString()),
    first: round(known[0].v),
    last: round(known.at(-1)!.v),
    unit: series.unit,
  });
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
  i18n = i18nFor('en'),
}: {
  points: HistoryPoint[];
  ratedCapacityAh: number | null;
  headingLevel?: 2 | 3;
  /** The reader's language (the portal's is English). */
  i18n?: I18n;
}) {
  const { t } = i18n;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const series = seriesOf(points, ratedCapacityAh, i18n);
  const times = points.map((p) => Date.parse(p.at));
  const reports = points.reduce((n, p) => n + p.reports, 0);
  return (
    <section aria-labelledby="telemetry-history-title" data-testid="telemetry-history">
      <Heading id="telemetry-history-title">{t('poli.history.title')}</Heading>
      {series.length === 0 ? (
        <p>{t('poli.history.empty')}</p>
      ) : (
        <>
          <p>
            {points.length < reports
              ? t('poli.history.meanOf', { count: reports, mean: Math.round(reports / points.length) })
              : t('poli.history.fromReports', { count: reports })}
            .
          </p>
          {series.map((s) => (
            <figure key={s.id}>
              <figcaption>
                {s.title} ({s.unit})
              </figcaption>
              <Chart series={s} times={times} i18n={i18n} />
            </figure>
          ))}
          <details>
            <summary>{t('poli.history.tableSummary')}</summary>
            <table data-testid="telemetry-history-table">
              <caption>{t('poli.history.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('poli.history.from')}</th>
                  {series.map((s) => (
                    <th key={s.id} scope="col">
                      {s.title} ({s.unit})
                    </th>
                  ))}
                  <th scope="col">{t('poli.history.reports')}</th>
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
