'use client';

import { signIn } from 'next-auth/react';
import { type FormEvent, useState } from 'react';
import s from '../portal.module.css';

const MESSAGES: Record<string, string> = {
  THROTTLED: 'Too many sign-in attempts. Wait a few minutes, then try again.',
  CredentialsSignin: 'The email or password is not correct.',
};

/** next-auth's credentials sign-in; it carries next-auth's CSRF token for us. */
export function SignInForm({ returnTo, initialError }: { returnTo: string; initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn('credentials', {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        redirect: false,
      });
      if (result?.ok && !result.error) {
        window.location.assign(returnTo);
        return;
      }
      setError(MESSAGES[result?.error ?? ''] ?? MESSAGES.CredentialsSignin);
    } catch {
      setError('The service could not be reached. Try again.');
    }
    setPending(false);
  }

  return (
    <form className={s.form} onSubmit={submit} aria-label="Sign in">
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      <noscript>
        <p className={s.error}>Signing in needs JavaScript: it carries the sign-in form&apos;s CSRF token.</p>
      </noscript>
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit" className={s.button} disabled={pending} aria-busy={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
