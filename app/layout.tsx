import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Battery Passport Service', template: '%s · Battery Passport Service' },
  description: 'Digital battery passports under EU Battery Regulation 2023/1542.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

// `head` is a parallel-route slot (app/@head): React hoists title and meta but not an inline JSON-LD script,
// so the public passport pages put theirs in the document head through this slot.
export default function RootLayout({ children, head }: { children: ReactNode; head: ReactNode }) {
  return (
    <html lang="en">
      <head>{head}</head>
      <body>{children}</body>
    </html>
  );
}
