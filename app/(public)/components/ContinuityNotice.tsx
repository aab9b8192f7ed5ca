import type { PublicContinuity } from '@/lib/passport/public/representations';
import { formatDate } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

/**
 * The notice of a passport whose economic operator has ceased its activity: where the passport stays available
 * (its address at the company's back-up, Art. 78 of Regulation (EU) 2023/1542), and since when.
 */
export function ContinuityNotice({ continuity }: { continuity: PublicContinuity }) {
  return (
    <section className={styles.notice} aria-labelledby="continuity-title" data-testid="continuity-notice">
      <h2 id="continuity-title">The economic operator has ceased its activity</h2>
      <p>
        This passport stays available from a back-up copy at{' '}
        <a href={continuity.backupUrl} rel="noopener">
          {continuity.backupUrl}
        </a>
        .
      </p>
      <p>
        Ceased on <time dateTime={continuity.operatorCeasedAt}>{formatDate(continuity.operatorCeasedAt)}</time>.
      </p>
    </section>
  );
}
