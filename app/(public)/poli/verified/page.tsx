import type { Metadata } from 'next';
import { parseResolverPath } from '@/lib/passport/public/representations';
import styles from '../../components/viewer.module.css';

export const metadata: Metadata = { title: 'Email address confirmed', robots: { index: false } };

type SearchParams = Promise<{ passport?: string | string[] }>;

/** Only a passport address of this service becomes the way back (never an address from elsewhere). */
function passportLink(raw: string | string[] | undefined): string | null {
  return typeof raw === 'string' && parseResolverPath(raw)?.key ? raw : null;
}

/** Where the verification link ends: what happens next, and the way back to the passport. */
export default async function VerifiedPage({ searchParams }: { searchParams: SearchParams }) {
  const back = passportLink((await searchParams).passport);
  return (
    <main className={styles.page}>
      <h1>Your email address is confirmed</h1>
      <p>Thank you. Your request for the restricted information now goes to the manufacturer for review.</p>
      <p>
        You will get an email with their decision. If they approve, the email holds a link that opens the restricted
        information in your browser: it works once, within 7 days, and the access then lasts 30 days in that browser. If
        they decline, the email gives their reason.
      </p>
      {back && (
        <p>
          <a href={back}>Back to the passport</a>
        </p>
      )}
    </main>
  );
}
