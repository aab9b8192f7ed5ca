'use client';

import { type InputHTMLAttributes, useActionState } from 'react';
import { HONEYPOT_FIELD, INITIAL_FORM_STATE, type PoliFormField, type PoliFormState } from '@/lib/poli/form-state';
import { POLI_ROLES, TIER_LABELS } from '@/lib/poli/roles';
import { requestRestrictedAccess } from '../poli/actions';
import styles from './Poli.module.css';

const OUTCOME: Partial<Record<PoliFormState['status'], string>> = {
  sent: 'Thank you. If this address can receive email, a link to confirm it is on its way. Open it within 24 hours; the manufacturer then reviews your request and answers by email.',
  throttled: 'Too many requests from here or for this address. Please try again in an hour.',
  unavailable: 'This passport does not take access requests at the moment.',
  failed: 'Your request could not be sent just now. Please try again in a minute.',
  invalid: 'Please correct the fields marked below.',
};

const GROUPS = [
  { tier: 'LEGITIMATE_INTEREST', label: 'Legitimate interest: economic operators and purchasers' },
  { tier: 'AUTHORITY', label: 'Authorities: composition, dismantling and test reports' },
] as const;

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

/** The request form; it works as a plain form post too, when the page's script has not loaded. */
export function PoliRequestForm({ productId, companyName }: { productId: string; companyName: string }) {
  const [state, action, pending] = useActionState(requestRestrictedAccess, INITIAL_FORM_STATE);
  const { errors, values } = state;
  const outcome = OUTCOME[state.status];
  return (
    <form action={action} className={styles.form} noValidate aria-label="Request access to restricted information">
      <div role="status" aria-live="polite">
        {outcome && <p className={state.status === 'sent' ? styles.outcome : styles.outcomeProblem}>{outcome}</p>}
      </div>
      <input type="hidden" name="productId" value={productId} />
      <TextField name="email" label="Email address" type="email" autoComplete="email" state={state} />
      <TextField name="name" label="Your name" autoComplete="name" maxLength={120} state={state} />
      <TextField name="organisation" label="Organisation" autoComplete="organization" maxLength={200} state={state} />
      <div className={styles.field}>
        <label htmlFor="poli-role">You ask as</label>
        <p id="poli-role-hint" className={styles.hint}>
          Your role decides what you may see if the request is approved.
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
          <option value="">Choose a role</option>
          {GROUPS.map((g) => (
            <optgroup key={g.tier} label={g.label}>
              {POLI_ROLES.filter((r) => r.tier === g.tier).map((r) => (
                <option key={r.role} value={r.role}>{`${r.label} (${TIER_LABELS[r.tier]})`}</option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldError id="poli-role-error" message={errors.role} />
      </div>
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`poli-${HONEYPOT_FIELD}`}>Leave this field empty</label>
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
          <label htmlFor="poli-consent">
            I agree that my name, organisation, email address and role are stored and shown to {companyName} to decide
            on this request, and that the decision and its reason are sent to me by email.
          </label>
        </div>
        <FieldError id="poli-consent-error" message={errors.consent} />
      </div>
      <button type="submit" className={styles.submit} disabled={pending}>
        {pending ? 'Sending…' : 'Request access'}
      </button>
    </form>
  );
}
