import { formatNumber } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

export interface CarbonStage {
  label: string;
  sharePct: number;
}

const BAR_HEIGHT = 28;
const GAP = 14;
const LABEL_HEIGHT = 20;

/** Carbon footprint by life-cycle stage as horizontal bars; the figure also lists the numbers as text. */
export function CarbonBreakdown({ stages }: { stages: CarbonStage[] }) {
  const row = LABEL_HEIGHT + BAR_HEIGHT + GAP;
  const summary = stages.map((s) => `${s.label} ${formatNumber(s.sharePct, '%')}`).join(', ');
  return (
    <figure className={styles.chart}>
      <figcaption>Carbon footprint by life-cycle stage</figcaption>
      <svg
        viewBox={`0 0 320 ${stages.length * row}`}
        width="100%"
        role="img"
        aria-label={`Carbon footprint by life-cycle stage: ${summary}`}
      >
        {stages.map((s, i) => {
          const y = i * row;
          const width = (Math.min(100, Math.max(0, s.sharePct)) / 100) * 250;
          return (
            <g key={s.label}>
              <text x="0" y={y + 15} fontSize="14" fill="#111827">
                {s.label}
              </text>
              <rect x="0" y={y + LABEL_HEIGHT} width="250" height={BAR_HEIGHT} fill="#e5e7eb" />
              <rect x="0" y={y + LABEL_HEIGHT} width={width} height={BAR_HEIGHT} fill="#0b5d3b" />
              <text x="258" y={y + LABEL_HEIGHT + 19} fontSize="14" fontWeight="700" fill="#111827">
                {formatNumber(s.sharePct, '%')}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
