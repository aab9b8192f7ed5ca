import type { Tx } from '../db/client';
import type { UserRole } from '../db/generated/enums';
import { isPortalLocale, type PortalLocale } from '../i18n/portal-locales';
import { queueEmail } from './outbox';
import type { RenderedEmail } from './templates/layout';

/** The operators who decide on requests and offers: a company's active admins and reviewers. */
const DECIDERS: UserRole[] = ['ADMIN', 'REVIEWER'];

/**
 * One mail to each of a company's deciders, in the portal language each chose (English when they chose none);
 * a company without any gets it at its contact address, in English.
 */
export async function mailDeciders(
  tx: Tx,
  company: { id: string; contactEmail: string | null },
  render: (locale: PortalLocale) => RenderedEmail,
): Promise<void> {
  const users = await tx.user.findMany({
    where: { companyId: company.id, role: { in: DECIDERS }, disabledAt: null },
    select: { email: true, locale: true },
    orderBy: { createdAt: 'asc' },
  });
  const recipients: { to: string; locale: PortalLocale }[] =
    users.length > 0
      ? users.map((u) => ({ to: u.email, locale: isPortalLocale(u.locale) ? u.locale : 'en' }))
      : company.contactEmail
        ? [{ to: company.contactEmail, locale: 'en' }]
        : [];
  const rendered = new Map<PortalLocale, RenderedEmail>();
  for (const { to, locale } of recipients) {
    if (!rendered.has(locale)) rendered.set(locale, render(locale));
    await queueEmail(tx, { companyId: company.id, to, ...rendered.get(locale)! });
  }
}
