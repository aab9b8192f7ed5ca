import type { I18n } from '@/lib/i18n/translator';
import styles from './viewer.module.css';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * State of health as a ring: the share of the original capacity (or certified energy) still available, with the
 * date it was measured.
 */
export function HealthGauge({ sohPct, measuredAt, i18n }: { sohPct: number; measuredAt: string | null; i18n: I18n }) {
  const { t, fmt } = i18n;
  const clamped = Math.min(100, Math.max(0, sohPct));
  const text = fmt.formatNumber(sohPct, '%');
  return (
    <figure className={styles.gauge}>
      <svg
        viewBox="0 0 120 120"
        width="160"
        height="160"
        role="img"
        aria-label={t('viewer.gauge.label', { value: text })}
      >
        <circle cx="60" cy="60" r={RADIUS} fill="none" stroke="#d1d5db" strokeWidth="12" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          stroke="#0b5d3b"
          strokeWidth="12"
          strokeLinecap="butt"
          strokeDasharray={`${(clamped / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
          transform="rotate(-90 60 60)"
        />
        <text x="60" y="66" textAnchor="middle" fontSize="20" fontWeight="700" fill="#111827">
          {text}
        </text>
      </svg>
      <figcaption>
        {t('viewer.gauge.caption')}
        {measuredAt && (
          <>
            <br />
            <small>{t('viewer.gauge.asOf', { date: fmt.formatDate(measuredAt) })}</small>
          </>
        )}
      </figcaption>
    </figure>
  );
}
