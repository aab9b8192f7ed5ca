import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { hasRole, PORTAL_ROLES, requireOperator } from '@/lib/portal/session';
import { type NavItem, NavLinks } from '../components/NavLinks';
import { SignOutButton } from '../components/SignOutButton';
import s from '../portal.module.css';

export const metadata: Metadata = { title: { default: 'Portal', template: '%s · Portal' }, robots: { index: false } };

/** Every portal page behind sign-in; each page and action checks the role again on the server. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  const items: NavItem[] = [
    { href: '/portal', label: 'Dashboard' },
    { href: '/portal/passports', label: 'Passports' },
    { href: '/portal/imports', label: 'Imports' },
    { href: '/portal/review', label: 'Review queue' },
    { href: '/portal/access-requests', label: 'Access requests' },
    { href: '/portal/handovers', label: 'Handovers' },
    { href: '/portal/audit', label: 'Audit trail' },
    { href: '/portal/signing', label: 'Signing identity' },
    ...(hasRole(operator, PORTAL_ROLES.admin)
      ? [
          { href: '/portal/keys', label: 'API keys' },
          { href: '/portal/bms-secrets', label: 'BMS secrets' },
          { href: '/portal/webhooks', label: 'Webhooks' },
        ]
      : []),
  ];
  return (
    <div className={s.shell}>
      <nav className={s.nav} aria-label="Portal">
        <div className={s.brand}>{operator.companyName}</div>
        <div className={s.who}>
          {operator.email} · <span data-testid="operator-role">{operator.role}</span>
        </div>
        <NavLinks items={items} />
        <SignOutButton />
      </nav>
      <main className={s.content}>{children}</main>
    </div>
  );
}
