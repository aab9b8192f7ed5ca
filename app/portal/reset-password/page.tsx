import type { Metadata } from 'next';
import { MIN_PASSWORD_LENGTH } from '@/lib/crypto/passwords';
import { resetLinkUsable } from '@/lib/portal/auth/password-reset';
import { portalI18n, portalT } from '@/lib/portal/i18n';
import { PortalIntl } from '../components/PortalIntl';
import s from '../portal.module.css';
import { ResetForm } from './ResetForm';

// The link's token is in this page's address: no referrer may carry it to another site. `same-origin`, not
// `no-referrer`: under the latter the form's own post would say `Origin: null` and be refused as foreign.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await portalT('auth'))('reset.title'), robots: { index: false }, referrer: 'same-origin' };
}

type Search = Promise<{ token?: string | string[] }>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: Search }) {
  const { token: given } = await searchParams;
  const token = Array.isArray(given) ? given[0] : given;
  const usable = await resetLinkUsable(token);
  const [t, { locale, messages }] = await Promise.all([portalT('auth'), portalI18n()]);
  return (
    <PortalIntl locale={locale} messages={{ auth: messages.auth }}>
      <main className={s.signIn}>
        <h1>{t('reset.heading')}</h1>
        <ResetForm token={token ?? ''} minLength={MIN_PASSWORD_LENGTH} usable={usable} />
      </main>
    </PortalIntl>
  );
}
