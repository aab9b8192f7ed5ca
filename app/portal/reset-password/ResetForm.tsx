'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import s from '../portal.module.css';
import { chooseNewPassword, type ResetState } from './actions';

const MESSAGES: Partial<Record<ResetState['status'], string>> = {
  'invalid-link': 'This link is used, expired or unknown. Ask for a new one.',
  mismatch: 'The two passwords differ. Type the same password twice.',
  failed: 'The password could not be changed just now. Try again in a minute.',
};

/** Works without client script: the browser posts the form and the page renders again with the outcome. */
export function ResetForm({ token, minLength, usable }: { token: string; minLength: number; usable: boolean }) {
  const [state, action, pending] = useActionState<ResetState, FormData>(chooseNewPassword, { status: 'idle' });
  if (state.status === 'done')
    return (
      <p role="status" className={s.success}>
        Your new password is set, and every other session of your account has ended.{' '}
        <Link href="/portal/sign-in">Sign in</Link>
      </p>
    );
  // The page read the link as used before this form's post was answered (without client script the page renders
  // again after the post, and the link is then used up): the form's own outcome comes first.
  if (state.status === 'invalid-link' || (state.status === 'idle' && !usable))
    return (
      <p role="alert" className={s.error}>
        {MESSAGES['invalid-link']} <Link href="/portal/forgot-password">Ask for a new link</Link>
      </p>
    );
  const message = state.status === 'refused' ? state.message : MESSAGES[state.status];
  return (
    <form className={s.form} action={action} aria-label="Choose a new password">
      <p className="muted">At least {minLength} characters. This link works once.</p>
      {message ? (
        <p role="alert" className={s.error} id="reset-error">
          {message}
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <label>
        New password
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
        The same password again
        <input name="confirm" type="password" autoComplete="new-password" minLength={minLength} required />
      </label>
      <button type="submit" className={s.button} disabled={pending} aria-busy={pending}>
        {pending ? 'Saving…' : 'Set the new password'}
      </button>
    </form>
  );
}
