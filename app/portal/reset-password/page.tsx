import type { Metadata } from 'next';
import { MIN_PASSWORD_LENGTH } from '@/lib/crypto/passwords';
import { resetLinkUsable } from '@/lib/portal/auth/password-reset';
import s from '../portal.module.css';
import { ResetForm } from './ResetForm';

// The link's token is in this page's address: no referrer may carry it to another site. `same-origin`, not
// `no-referrer`: under the latter the form's own post would say `Origin: null` and be refused as foreign.
export const metadata: Metadata = {
  title: 'Choose a new password',
  robots: { index: false },
  referrer: 'same-origin',
};

type Search = Promise<{ token?: string | string[] }>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: Search }) {
  const { token: given } = await searchParams;
  const token = Array.isArray(given) ? given[0] : given;
  const usable = await resetLinkUsable(token);
  return (
    <main className={s.signIn}>
      <h1>Choose a new password</h1>
      <ResetForm token={token ?? ''} minLength={MIN_PASSWORD_LENGTH} usable={usable} />
    </main>
  );
}
