import type { I18n } from '@/lib/i18n/translator';
import styles from './viewer.module.css';

export function PassportFooter({ i18n }: { i18n: I18n }) {
  return (
    <footer className={styles.footer}>
      <p>{i18n.t('viewer.footer')}</p>
    </footer>
  );
}
