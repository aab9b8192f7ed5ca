'use client';

import { type InputHTMLAttributes, useActionState, useEffect, useRef } from 'react';
import { HONEYPOT_FIELD, INITIAL_FORM_STATE, type PoliFormField, type PoliFormState } from '@/lib/poli/form-state';
import { requestRestrictedAccess } from '../poli/actions';
import styles from './Poli.module.css';

/** Every word of the form, in the page's language (resolved on the server: the page ships no message files). */
export interface PoliFormText {
  label: string;
  sentTitle: string;
  outcomes: Record<'sent' | 'throttled' | 'unavailable' | 'failed' | 'invalid', string>;
  email: string;
  name: string;
  organisation: string;
  role: string;
  roleHint: string;
  chooseRole: string;
  groups: { label: string; roles: { value: string; label: string }[] }[];
  trap: string;
  consent: string;
  submit: string;
  sending: string;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

/** A field's error state for assistive technology: marked invalid and described by its message. */
const invalidProps = (field: PoliFormField, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `poli-${field}-error` } : {};

/** A required text input of the form with its label and its message, keeping what was typed after a refusal. */
function TextField({
  name,
  label,
  state,
  ...input
}: {
  name: 'email' | 'name' | 'organisation';
  label: string;
  state: PoliFormState;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={styles.field}>
      <label htmlFor={`poli-${name}`}>{label}</label>
      <input
        id={`poli-${name}`}
        className={styles.input}
        name={name}
        {...input}
        required
        defaultValue={state.values[name]}
        {...invalidProps(name, state.errors[name])}
      />
      <FieldError id={`poli-${name}-error`} message={state.errors[name]} />
    </div>
  );
}

/**
 * The request form. It works as a plain form post too, when the page's script has not loaded (the anonymous page
 * ships none): the post goes to `permalink`, this passport in this language at the form's anchor, so the answer
 * opens where the reader was looking. A sent request replaces the form with its confirmation, never an empty form.
 */
export function PoliRequestForm({
  productId,
  permalink,
  text,
}: {
  productId: string;
  permalink: string;
  text: PoliFormText;
}) {
  const [state, action, pending] = useActionState(requestRestrictedAccess, INITIAL_FORM_STATE, permalink);
  const confirmation = useRef<HTMLDivElement>(null);
  const sent = state.status === 'sent';
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  if (sent) {
    return (
      <div ref={confirmation} className={styles.confirmation} role="status" tabIndex={-1} data-testid="poli-sent">
        <h3>{text.sentTitle}</h3>
        <p>{text.outcomes.sent}</p>
      </div>
    );
  }
  const { errors, values } = state;
  const outcome = state.status === 'idle' ? undefined : text.outcomes[state.status];
  return (
    <form action={action} className={styles.form} noValidate aria-label={text.label}>
      <div role="status" aria-live="polite">
        {outcome && <p className={styles.outcomeProblem}>{outcome}</p>}
      </div>
      <input type="hidden" name="productId" value={productId} />
      <TextField name="email" label={text.email} type="email" autoComplete="email" state={state} />
      <TextField name="name" label={text.name} autoComplete="name" maxLength={120} state={state} />
      <TextField
        name="organisation"
        label={text.organisation}
        autoComplete="organization"
        maxLength={200}
        state={state}
      />
      <div className={styles.field}>
        <label htmlFor="poli-role">{text.role}</label>
        <p id="poli-role-hint" className={styles.hint}>
          {text.roleHint}
        </p>
        <select
          id="poli-role"
          className={styles.select}
          name="role"
          required
          defaultValue={values.role}
          aria-describedby={errors.role ? 'poli-role-hint poli-role-error' : 'poli-role-hint'}
          aria-invalid={errors.role ? true : undefined}
        >
          <option value="">{text.chooseRole}</option>
          {text.groups.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.roles.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldError id="poli-role-error" message={errors.role} />
      </div>
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`poli-${HONEYPOT_FIELD}`}>{text.trap}</label>
        <input id={`poli-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className={styles.field}>
        <div className={styles.check}>
          <input
            id="poli-consent"
            type="checkbox"
            name="consent"
            value="yes"
            required
            {...invalidProps('consent', errors.consent)}
          />
          <label htmlFor="poli-consent">{text.consent}</label>
        </div>
        <FieldError id="poli-consent-error" message={errors.consent} />
      </div>
      <button type="submit" className={styles.submit} disabled={pending}>
        {pending ? text.sending : text.submit}
      </button>
    </form>
  );
}
