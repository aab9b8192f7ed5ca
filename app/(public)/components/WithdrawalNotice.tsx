import Link from 'next/link';
import type { Withdrawal } from '@/lib/passport/public/representations';
import { formatDate } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The notice a withdrawn passport shows instead of its data: why, when, who, whom to ask, what replaces it. */
export function WithdrawalNotice({ withdrawal }: { withdrawal: Withdrawal }) {
  const contact = withdrawal.manufacturerContact;
  return (
    <section className={styles.notice} aria-labelledby="withdrawal-title">
      <h2 id="withdrawal-title">This passport has been withdrawn</h2>
      <dl className={styles.fields}>
        <div className={styles.field}>
          <dt>Reason</dt>
          <dd>{withdrawal.reason}</dd>
        </div>
        <div className={styles.field}>
          <dt>Withdrawn on</dt>
          <dd>
            <time dateTime={withdrawal.withdrawnAt}>{formatDate(withdrawal.withdrawnAt)}</time>
          </dd>
        </div>
        {withdrawal.operatorDetails && (
          <div className={styles.field}>
            <dt>Economic operator</dt>
            <dd>{withdrawal.operatorDetails}</dd>
          </div>
        )}
        {contact && (
          <div className={styles.field}>
            <dt>Manufacturer contact</dt>
            <dd>{EMAIL.test(contact) ? <a href={`mailto:${contact}`}>{contact}</a> : contact}</dd>
          </div>
        )}
      </dl>
      {withdrawal.successorUrl && (
        <p>
          <Link className={styles.button} href={withdrawal.successorUrl}>
            View the replacement passport{withdrawal.successorName ? `: ${withdrawal.successorName}` : ''}
          </Link>
        </p>
      )}
    </section>
  );
}
