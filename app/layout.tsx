import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { REQUEST_PATH_HEADER } from '@/lib/http/middleware/forwarded-headers';
import { requestLocale } from '@/lib/i18n/request';
import { portalLocale } from '@/lib/portal/i18n';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Battery Passport Service', template: '%s · Battery Passport Service' },
  description: 'Digital battery passports under EU Battery Regulation 2023/1542.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

// `head` is a parallel-route slot (app/@head): React hoists title and meta but not an inline JSON-LD script,
// so the public passport pages put theirs in the document head through this slot.
//
// Every page renders per request: its scripts carry that answer's CSP nonce (lib/http/middleware/security-headers.ts),
// which a page prerendered at build time could not.
export default async function RootLayout({ children, head }: { children: ReactNode; head: ReactNode }) {
  await connection();
  // The page's language as the middleware chose it; on the portal, the operator's choice in their profile first.
  const path = (await headers()).get(REQUEST_PATH_HEADER) ?? '';
  const locale = /^\/portal(\/|$|\?)/.test(path) ? await portalLocale() : await requestLocale();
  return (
    <html lang={locale}>
      <head>{head}</head>
      <body>{children}</body>
    </html>
  );
}
