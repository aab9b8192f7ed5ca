import type { I18n } from '@/lib/i18n/translator';
import styles from './viewer.module.css';

export interface CarbonStage {
  label: string;
  sharePct: number;
}

const BAR_HEIGHT = 28;
const GAP = 14;
const LABEL_HEIGHT = 20;

/**
 * Carbon footprint by life-cycle stage as horizontal bars, each with its share and, when the passport states the
 * footprint per kWh, its absolute figure; the figure also lists the numbers as text.
 */
export function CarbonBreakdown({
  stages,
  perKwh,
  i18n,
}: {
  stages: CarbonStage[];
  perKwh: number | null;
  i18n: I18n;
}) {
  const { t, fmt } = i18n;
  const row = LABEL_HEIGHT + BAR_HEIGHT + GAP;
  const figure = (s: CarbonStage) => {
    const share = fmt.formatNumber(s.sharePct, '%');
    return perKwh === null
      ? share
      : t('viewer.carbonChart.absolute', { share, value: fmt.formatNumber((perKwh * s.sharePct) / 100, null) });
  };
  const summary = stages.map((s) => `${s.label} ${figure(s)}`).join(', ');
  return (
    <figure className={styles.chart}>
      <figcaption>{t('viewer.carbonChart.caption')}</figcaption>
      <svg
        viewBox={`0 0 320 ${stages.length * row}`}
        width="100%"
        role="img"
        aria-label={t('viewer.carbonChart.label', { summary })}
      >
        {stages.map((s, i) => {
          const y = i * row;
          const width = (Math.min(100, Math.max(0, s.sharePct)) / 100) * 320;
          return (
            <g key={s.label}>
              <text x="0" y={y + 15} fontSize="14" fill="#111827">
                {s.label}: {figure(s)}
              </text>
              <rect x="0" y={y + LABEL_HEIGHT} width="320" height={BAR_HEIGHT} fill="#e5e7eb" />
              <rect x="0" y={y + LABEL_HEIGHT} width={width} height={BAR_HEIGHT} fill="#0b5d3b" />
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
