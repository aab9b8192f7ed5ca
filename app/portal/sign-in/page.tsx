import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { safeReturnPath } from '@/lib/portal/return-path';
import { currentOperator } from '@/lib/portal/session';
import s from '../portal.module.css';
import { SignInForm } from './SignInForm';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

type Search = Promise<{ callbackUrl?: string; error?: string }>;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const { callbackUrl, error } = await searchParams;
  const returnTo = safeReturnPath(callbackUrl);
  if (await currentOperator()) redirect(returnTo);
  return (
    <main className={s.signIn}>
      <h1>Operator sign-in</h1>
      <p className="muted">Battery Passport Service portal: review, publish and manage your passports.</p>
      <SignInForm returnTo={returnTo} initialError={error ? 'Sign-in failed. Try again.' : null} />
      <p>
        <Link href="/portal/forgot-password">Forgot your password?</Link>
      </p>
    </main>
  );
}
