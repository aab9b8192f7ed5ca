'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { useTranslations } from 'use-intl/react';
import s from '../portal.module.css';
import { chooseNewPassword, type ResetState } from './actions';

/** Works without client script: the browser posts the form and the page renders again with the outcome. */
export function ResetForm({ token, minLength, usable }: { token: string; minLength: number; usable: boolean }) {
  const t = useTranslations('auth.reset');
  const [state, action, pending] = useActionState<ResetState, FormData>(chooseNewPassword, { status: 'idle' });
  if (state.status === 'done')
    return (
      <p role="status" className={s.success}>
        {t('done')} <Link href="/portal/sign-in">{t('signIn')}</Link>
      </p>
    );
  // The page read the link as used before this form's post was answered (without client script the page renders
  // again after the post, and the link is then used up): the form's own outcome comes first.
  if (state.status === 'invalid-link' || (state.status === 'idle' && !usable))
    return (
      <p role="alert" className={s.error}>
        {t('invalidLink')} <Link href="/portal/forgot-password">{t('askAgain')}</Link>
      </p>
    );
  const message =
    state.status === 'refused'
      ? state.message
      : state.status === 'mismatch' || state.status === 'failed'
        ? t(state.status)
        : undefined;
  return (
    <form className={s.form} action={action} aria-label={t('formLabel')}>
      <p className="muted">{t('rules', { minLength })}</p>
      {message ? (
        <p role="alert" className={s.error} id="reset-error">
          {message}
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <label>
        {t('password')}
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={minLength}
          required
          aria-describedby={message ? 'reset-error' : undefined}
        />
      </label>
      <label>
        {t('again')}
        <input name="confirm" type="password" autoComplete="new-password" minLength={minLength} required />
      </label>
      <button type="submit" className={s.button} disabled={pending} aria-busy={pending}>
        {pending ? t('pending') : t('submit')}
      </button>
    </form>
  );
}
