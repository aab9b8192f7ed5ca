import { formatNumber } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** State of health as a ring: the share of the original capacity (or certified energy) still available. */
export function HealthGauge({ sohPct }: { sohPct: number }) {
  const clamped = Math.min(100, Math.max(0, sohPct));
  const text = formatNumber(sohPct, '%');
  return (
    <figure className={styles.gauge}>
      <svg viewBox="0 0 120 120" width="160" height="160" role="img" aria-label={`State of health: ${text}`}>
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
      <figcaption>State of health</figcaption>
    </figure>
  );
}
