'use client';

import { useActionState } from 'react';
import { useTranslations } from 'use-intl/react';
import s from '../portal.module.css';
import { askForResetLink, type ForgotState } from './actions';

/** Works without client script: the browser posts the form and the page renders again with the outcome. */
export function ForgotForm() {
  const t = useTranslations('auth.forgot');
  const [state, action, pending] = useActionState<ForgotState, FormData>(askForResetLink, {
    status: 'idle',
    email: '',
  });
  if (state.status === 'sent')
    return (
      <p role="status" className={s.success}>
        {t('sent')}
      </p>
    );
  return (
    <form className={s.form} action={action} aria-label={t('formLabel')}>
      {state.status !== 'idle' ? (
        <p role="alert" className={s.error}>
          {t(state.status)}
        </p>
      ) : null}
      <label>
        {t('email')}
        <input name="email" type="email" autoComplete="username" required defaultValue={state.email} />
      </label>
      <button type="submit" className={s.button} disabled={pending} aria-busy={pending}>
        {pending ? t('pending') : t('submit')}
      </button>
    </form>
  );
}
