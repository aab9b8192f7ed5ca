import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { portalI18n, portalT } from '@/lib/portal/i18n';
import { safeReturnPath } from '@/lib/portal/return-path';
import { currentOperator } from '@/lib/portal/session';
import { PortalIntl } from '../components/PortalIntl';
import s from '../portal.module.css';
import { SignInForm } from './SignInForm';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await portalT('auth'))('signIn.title'), robots: { index: false } };
}

type Search = Promise<{ callbackUrl?: string; error?: string }>;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const { callbackUrl, error } = await searchParams;
  const returnTo = safeReturnPath(callbackUrl);
  if (await currentOperator()) redirect(returnTo);
  const [t, { locale, messages }] = await Promise.all([portalT('auth'), portalI18n()]);
  return (
    <PortalIntl locale={locale} messages={{ auth: messages.auth }}>
      <main className={s.signIn}>
        <h1>{t('signIn.heading')}</h1>
        <p className="muted">{t('signIn.intro')}</p>
        <SignInForm returnTo={returnTo} initialError={error ? t('signIn.failed') : null} />
        <p>
          <Link href="/portal/forgot-password">{t('signIn.forgot')}</Link>
        </p>
      </main>
    </PortalIntl>
  );
}
