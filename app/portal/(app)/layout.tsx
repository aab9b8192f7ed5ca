import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { portalI18n, portalT } from '@/lib/portal/i18n';
import { hasRole, PORTAL_ROLES, requireOperator } from '@/lib/portal/session';
import { type NavItem, NavLinks } from '../components/NavLinks';
import { PortalIntl } from '../components/PortalIntl';
import { SignOutButton } from '../components/SignOutButton';
import s from '../portal.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await portalT('shell');
  return { title: { default: t('title'), template: `%s · ${t('title')}` }, robots: { index: false } };
}

/** Every portal page behind sign-in; each page and action checks the role again on the server. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  const { locale, messages } = await portalI18n();
  const t = await portalT('shell');
  const items: NavItem[] = [
    { href: '/portal', label: t('nav.dashboard') },
    { href: '/portal/passports', label: t('nav.passports') },
    { href: '/portal/imports', label: t('nav.imports') },
    { href: '/portal/review', label: t('nav.review') },
    { href: '/portal/access-requests', label: t('nav.accessRequests') },
    { href: '/portal/handovers', label: t('nav.handovers') },
    { href: '/portal/audit', label: t('nav.audit') },
    { href: '/portal/signing', label: t('nav.signing') },
    ...(hasRole(operator, PORTAL_ROLES.admin)
      ? [
          { href: '/portal/keys', label: t('nav.keys') },
          { href: '/portal/bms-secrets', label: t('nav.bmsSecrets') },
          { href: '/portal/webhooks', label: t('nav.webhooks') },
        ]
      : []),
    { href: '/portal/profile', label: t('nav.profile') },
  ];
  return (
    <PortalIntl locale={locale} messages={messages}>
      <div className={s.shell}>
        <nav className={s.nav} aria-label={t('navLabel')}>
          <div className={s.brand}>{operator.companyName}</div>
          <div className={s.who}>
            {operator.email} · <span data-testid="operator-role">{operator.role}</span>
          </div>
          <NavLinks items={items} />
          <SignOutButton />
        </nav>
        <main className={s.content}>{children}</main>
      </div>
    </PortalIntl>
  );
}
