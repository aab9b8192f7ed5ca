import type { I18n } from '@/lib/i18n/translator';
import type { PublicContinuity } from '@/lib/passport/public/representations';
import styles from './viewer.module.css';

/**
 * The notice of a passport whose economic operator has ceased its activity: where the passport stays available
 * (its address at the company's back-up, Art. 78 of Regulation (EU) 2023/1542), and since when.
 */
export function ContinuityNotice({ continuity, i18n }: { continuity: PublicContinuity; i18n: I18n }) {
  const { t, fmt } = i18n;
  return (
    <section className={styles.notice} aria-labelledby="continuity-title" data-testid="continuity-notice">
      <h2 id="continuity-title">{t('notices.continuity.title')}</h2>
      <p>
        {t.rich('notices.continuity.backup', {
          url: continuity.backupUrl,
          link: (chunks) => (
            <a href={continuity.backupUrl} rel="noopener">
              {chunks}
            </a>
          ),
        })}
      </p>
      <p>
        <time dateTime={continuity.operatorCeasedAt}>
          {t('notices.continuity.ceasedOn', { date: fmt.formatDate(continuity.operatorCeasedAt) })}
        </time>
      </p>
    </section>
  );
}
