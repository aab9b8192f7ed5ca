import type { Metadata } from 'next';
import { headers } from 'next/headers';
import a from '@/app/portal/components/admin.module.css';
import s from '@/app/portal/portal.module.css';
import { LOCALE_HEADER } from '@/lib/i18n/locales';
import { isPortalLocale, PORTAL_LOCALES } from '@/lib/i18n/portal-locales';
import { portalT } from '@/lib/portal/i18n';
import { requireOperator } from '@/lib/portal/session';
import { LanguageForm } from './LanguageForm';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await portalT('profile'))('title') };
}

type Search = Promise<{ saved?: string }>;

/** Who is signed in, and the portal language they chose (or their browser's, until they choose). */
export default async function ProfilePage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  const [t, shell, { saved }] = await Promise.all([portalT('profile'), portalT('shell'), searchParams]);
  const negotiated = (await headers()).get(LOCALE_HEADER);
  const browser = isPortalLocale(negotiated) ? negotiated : 'en';
  const chosen = isPortalLocale(operator.locale) ? operator.locale : '';
  // Each language is named in itself, so an operator who cannot read the current one still finds theirs.
  const names = Object.fromEntries(PORTAL_LOCALES.map((l) => [l, t(`languageName.${l}`)]));
  return (
    <>
      <h1>{t('title')}</h1>
      <dl className={a.details}>
        <dt>{t('email')}</dt>
        <dd>{operator.email}</dd>
        {operator.name ? (
          <>
            <dt>{t('name')}</dt>
            <dd>{operator.name}</dd>
          </>
        ) : null}
        <dt>{t('role')}</dt>
        <dd>{shell(`role.${operator.role}`)}</dd>
        <dt>{t('company')}</dt>
        <dd>{operator.companyName}</dd>
      </dl>
      <section aria-labelledby="language-title">
        <h2 id="language-title">{t('language.heading')}</h2>
        <p>{t('language.intro')}</p>
        {saved === 'language' ? (
          <p role="status" className={s.success}>
            {t('language.saved')}
          </p>
        ) : null}
        <LanguageForm
          chosen={chosen}
          options={[
            { value: '', label: t('language.browser', { language: names[browser] }) },
            ...PORTAL_LOCALES.map((l) => ({ value: l, label: names[l], lang: l })),
          ]}
        />
      </section>
    </>
  );
}
