'use client';

import type { ReactNode } from 'react';
import { IntlProvider } from 'use-intl/react';
import type { PortalLocale } from '@/lib/i18n/portal-locales';
import type { PortalMessages } from '@/lib/i18n/portal-messages';

/**
 * The portal's messages for its client components (`useTranslations('keys')` from use-intl), in the language the
 * server chose for this request (lib/portal/i18n.ts).
 */
export function PortalIntl({
  locale,
  messages,
  children,
}: {
  locale: PortalLocale;
  /** The areas the page's client components use (the signed-out pages send only theirs). */
  messages: Partial<PortalMessages>;
  children: ReactNode;
}) {
  return (
    <IntlProvider locale={locale} messages={messages} timeZone="UTC">
      {children}
    </IntlProvider>
  );
}
