import type { I18n } from '@/lib/i18n/translator';
import type { Withdrawal } from '@/lib/passport/public/representations';
import styles from './viewer.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The notice a withdrawn passport shows instead of its data: why, when, who, whom to ask, what replaces it. The
 * reason and contact are the operator's own words, shown as typed.
 */
export function WithdrawalNotice({ withdrawal, i18n }: { withdrawal: Withdrawal; i18n: I18n }) {
  const { t, fmt } = i18n;
  const contact = withdrawal.manufacturerContact;
  return (
    <section className={styles.notice} aria-labelledby="withdrawal-title">
      <h2 id="withdrawal-title">{t('notices.withdrawn.title')}</h2>
      <dl className={styles.fields}>
        <div className={styles.field}>
          <dt>{t('notices.withdrawn.reason')}</dt>
          <dd>{withdrawal.reason}</dd>
        </div>
        <div className={styles.field}>
          <dt>{t('notices.withdrawn.withdrawnOn')}</dt>
          <dd>
            <time dateTime={withdrawal.withdrawnAt}>{fmt.formatDate(withdrawal.withdrawnAt)}</time>
          </dd>
        </div>
        {withdrawal.operatorDetails && (
          <div className={styles.field}>
            <dt>{t('notices.withdrawn.operator')}</dt>
            <dd>{withdrawal.operatorDetails}</dd>
          </div>
        )}
        {contact && (
          <div className={styles.field}>
            <dt>{t('notices.withdrawn.contact')}</dt>
            <dd>{EMAIL.test(contact) ? <a href={`mailto:${contact}`}>{contact}</a> : contact}</dd>
          </div>
        )}
      </dl>
      {withdrawal.successorUrl && (
        <p>
          <a className={styles.button} href={withdrawal.successorUrl}>
            {withdrawal.successorName
              ? t('notices.withdrawn.replacementNamed', { name: withdrawal.successorName })
              : t('notices.withdrawn.replacement')}
          </a>
        </p>
      )}
    </section>
  );
}
