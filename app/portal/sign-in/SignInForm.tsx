'use client';

import { signIn } from 'next-auth/react';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl/react';
import s from '../portal.module.css';

/** next-auth's credentials sign-in; it carries next-auth's CSRF token for us. */
export function SignInForm({ returnTo, initialError }: { returnTo: string; initialError: string | null }) {
  const t = useTranslations('auth.signIn');
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
      setError(result?.error === 'THROTTLED' ? t('throttled') : t('wrong'));
    } catch {
      setError(t('unreachable'));
    }
    setPending(false);
  }

  return (
    <form className={s.form} onSubmit={submit} aria-label={t('formLabel')}>
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      <noscript>
        <p className={s.error}>{t('noScript')}</p>
      </noscript>
      <label>
        {t('email')}
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        {t('password')}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit" className={s.button} disabled={pending} aria-busy={pending}>
        {pending ? t('pending') : t('submit')}
      </button>
    </form>
  );
}
