import { getI18n } from '@/lib/i18n/request';

/** The 404 page, in the reader's language (a public page: `?lang=`, then Accept-Language). */
export default async function NotFound() {
  const { t } = await getI18n();
  return (
    <main>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <a href="/">{t('notFound.home')}</a>
      </p>
    </main>
  );
}
