import type { Metadata } from 'next';
import Link from 'next/link';
import { MIN_PASSWORD_LENGTH } from '@/lib/crypto/passwords';
import { resetLinkUsable } from '@/lib/portal/auth/password-reset';
import s from '../portal.module.css';
import { ResetForm } from './ResetForm';

// The link's token is in this page's address: no referrer may carry it to another site.
export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false }, referrer: 'no-referrer' };

type Search = Promise<{ token?: string | string[] }>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: Search }) {
  const { token: given } = await searchParams;
  const token = Array.isArray(given) ? given[0] : given;
  const usable = await resetLinkUsable(token);
  return (
    <main className={s.signIn}>
      <h1>Choose a new password</h1>
      {usable && token ? (
        <>
          <p className="muted">At least {MIN_PASSWORD_LENGTH} characters. This link works once.</p>
          <ResetForm token={token} minLength={MIN_PASSWORD_LENGTH} />
        </>
      ) : (
        <p role="alert" className={s.error}>
          This link is used, expired or unknown. <Link href="/portal/forgot-password">Ask for a new link</Link>
        </p>
      )}
    </main>
  );
}
