import type { Metadata } from 'next';
import { getI18n } from '@/lib/i18n/request';
import styles from '../../components/viewer.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t('poli.invalidLink.title'), robots: { index: false } };
}

/** Where a used, expired, revoked or mistyped PoLI link ends; which of them it was is not said. */
export default async function InvalidLinkPage() {
  const { t } = await getI18n();
  return (
    <main className={styles.page}>
      <h1>{t('poli.invalidLink.title')}</h1>
      <p>{t('poli.invalidLink.why')}</p>
      <p>{t('poli.invalidLink.again')}</p>
    </main>
  );
}
