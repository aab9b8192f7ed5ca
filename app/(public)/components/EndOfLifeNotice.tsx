import type { I18n } from '@/lib/i18n/translator';
import type { PublicEndOfLife } from '@/lib/passport/public/representations';
import styles from './viewer.module.css';

/**
 * The notice of a recycled battery (end of life, Art. 77(8) of Regulation (EU) 2023/1542): when it was recycled and
 * until when this passport stays readable; once `ceased`, the passport no longer exists and only the notice is shown.
 */
export function EndOfLifeNotice({
  endOfLife,
  ceased = false,
  i18n,
}: {
  endOfLife: PublicEndOfLife;
  ceased?: boolean;
  i18n: I18n;
}) {
  const { t, fmt } = i18n;
  const until = fmt.formatDate(endOfLife.readableUntil);
  return (
    <section className={styles.notice} aria-labelledby="end-of-life-title" data-testid="end-of-life-notice">
      <h2 id="end-of-life-title">{t('notices.endOfLife.title')}</h2>
      <dl className={styles.fields}>
        <div className={styles.field}>
          <dt>{t('notices.endOfLife.recycledOn')}</dt>
          <dd>
            <time dateTime={endOfLife.recycledAt}>{fmt.formatDate(endOfLife.recycledAt)}</time>
          </dd>
        </div>
        {endOfLife.note && (
          <div className={styles.field}>
            <dt>{t('notices.endOfLife.statement')}</dt>
            <dd>{endOfLife.note}</dd>
          </div>
        )}
      </dl>
      <p>
        <time dateTime={endOfLife.readableUntil}>
          {ceased ? t('notices.endOfLife.ceased', { date: until }) : t('notices.endOfLife.closed', { date: until })}
        </time>
      </p>
    </section>
  );
}
