import type { I18n } from '@/lib/i18n/translator';
import type { PublicPassport } from '@/lib/passport/public/representations';
import styles from './viewer.module.css';

/**
 * Who signed the served version, linking its credential (application/vc+jwt). Rendered on the server into the
 * stored page, so the link is there without script; absent for a version that has no credential yet.
 */
export function SignedBy({ passport, i18n }: { passport: PublicPassport; i18n: I18n }) {
  const { t, fmt } = i18n;
  const { credential, product } = passport;
  if (!credential) return null;
  const company = product.companyName;
  return (
    <p className={styles.signedBy} data-testid="signed-by">
      <a href={credential.url} type="application/vc+jwt" title={t('viewer.signed.explanation', { company })}>
        <time dateTime={credential.signedAt}>
          {t('viewer.signed.by', { company, date: fmt.formatDate(credential.signedAt) })}
        </time>
      </a>
      <br />
      <small>{t('viewer.signed.note', { company })}</small>
    </p>
  );
}
