import type { Metadata } from 'next';
import { getI18n } from '@/lib/i18n/request';
import { parseResolverPath } from '@/lib/passport/public/representations';
import styles from '../../components/viewer.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t('poli.verified.title'), robots: { index: false } };
}

type SearchParams = Promise<{ passport?: string | string[] }>;

/** Only a passport address of this service becomes the way back (never an address from elsewhere). */
function passportLink(raw: string | string[] | undefined): string | null {
  return typeof raw === 'string' && parseResolverPath(raw)?.key ? raw : null;
}

/** Where the verification link ends: what happens next, and the way back to the passport (in the same language). */
export default async function VerifiedPage({ searchParams }: { searchParams: SearchParams }) {
  const { t, locale } = await getI18n();
  const back = passportLink((await searchParams).passport);
  return (
    <main className={styles.page}>
      <h1>{t('poli.verified.title')}</h1>
      <p>{t('poli.verified.thanks')}</p>
      <p>{t('poli.verified.next')}</p>
      {back && (
        <p>
          <a href={`${back}?lang=${locale}`}>{t('poli.verified.back')}</a>
        </p>
      )}
    </main>
  );
}
