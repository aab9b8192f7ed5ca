import type { Metadata } from 'next';
import Link from 'next/link';
import s from '../portal.module.css';
import { ForgotForm } from './ForgotForm';

export const metadata: Metadata = { title: 'Forgot password', robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <main className={s.signIn}>
      <h1>Forgot your password?</h1>
      <p className="muted">Enter the email address you sign in with. We send a link to choose a new password.</p>
      <ForgotForm />
      <p>
        <Link href="/portal/sign-in">Back to sign-in</Link>
      </p>
    </main>
  );
}
