'use client';

import { useActionState } from 'react';
import s from '../portal.module.css';
import { askForResetLink, type ForgotState } from './actions';

const OUTCOME: Record<Exclude<ForgotState['status'], 'idle'>, string> = {
  sent: 'If an operator account has this address, a link to choose a new password is on its way. It works once, within an hour.',
  throttled: 'Too many requests from here or for this address. Wait an hour, then try again.',
  failed: 'The request could not be sent just now. Try again in a minute.',
};

/** Works without client script: the browser posts the form and the page renders again with the outcome. */
export function ForgotForm() {
  const [state, action, pending] = useActionState<ForgotState, FormData>(askForResetLink, {
    status: 'idle',
    email: '',
  });
  if (state.status === 'sent')
    return (
      <p role="status" className={s.success}>
        {OUTCOME.sent}
      </p>
    );
  return (
    <form className={s.form} action={action} aria-label="Ask for a new password">
      {state.status !== 'idle' ? (
        <p role="alert" className={s.error}>
          {OUTCOME[state.status]}
        </p>
      ) : null}
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required defaultValue={state.email} />
      </label>
      <button type="submit" className={s.button} disabled={pending} aria-busy={pending}>
        {pending ? 'Sending…' : 'Email me a link'}
      </button>
    </form>
  );
}
