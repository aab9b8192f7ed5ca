import type { PublicEndOfLife } from '@/lib/passport/public/representations';
import { formatDate } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

/**
 * The notice of a recycled battery (end of life, Art. 77(8) of Regulation (EU) 2023/1542): when it was recycled and
 * until when this passport stays readable; once `ceased`, the passport no longer exists and only the notice is shown.
 */
export function EndOfLifeNotice({ endOfLife, ceased = false }: { endOfLife: PublicEndOfLife; ceased?: boolean }) {
  return (
    <section className={styles.notice} aria-labelledby="end-of-life-title" data-testid="end-of-life-notice">
      <h2 id="end-of-life-title">End of life: this battery has been recycled</h2>
      <dl className={styles.fields}>
        <div className={styles.field}>
          <dt>Recycled on</dt>
          <dd>
            <time dateTime={endOfLife.recycledAt}>{formatDate(endOfLife.recycledAt)}</time>
          </dd>
        </div>
        {endOfLife.note && (
          <div className={styles.field}>
            <dt>Statement of the economic operator</dt>
            <dd>{endOfLife.note}</dd>
          </div>
        )}
      </dl>
      <p>
        {ceased ? (
          <>
            Its battery passport ceased to exist on{' '}
            <time dateTime={endOfLife.readableUntil}>{formatDate(endOfLife.readableUntil)}</time>.
          </>
        ) : (
          <>
            Its battery passport is closed and no longer updated. It stays readable until{' '}
            <time dateTime={endOfLife.readableUntil}>{formatDate(endOfLife.readableUntil)}</time>, after which it ceases
            to exist.
          </>
        )}
      </p>
    </section>
  );
}
