import type { Metadata } from 'next';
import Link from 'next/link';
import { portalI18n, portalT } from '@/lib/portal/i18n';
import { PortalIntl } from '../components/PortalIntl';
import s from '../portal.module.css';
import { ForgotForm } from './ForgotForm';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await portalT('auth'))('forgot.title'), robots: { index: false } };
}

export default async function ForgotPasswordPage() {
  const [t, { locale, messages }] = await Promise.all([portalT('auth'), portalI18n()]);
  return (
    <PortalIntl locale={locale} messages={{ auth: messages.auth }}>
      <main className={s.signIn}>
        <h1>{t('forgot.heading')}</h1>
        <p className="muted">{t('forgot.intro')}</p>
        <ForgotForm />
        <p>
          <Link href="/portal/sign-in">{t('forgot.back')}</Link>
        </p>
      </main>
    </PortalIntl>
  );
}
