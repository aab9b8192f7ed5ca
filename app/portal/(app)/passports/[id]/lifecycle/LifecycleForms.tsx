'use client';

import { useActionState, useEffect, useRef } from 'react';
import { useTranslations } from 'use-intl/react';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import s from '@/app/portal/portal.module.css';
import type { LifecycleAction, LifecycleState } from '@/lib/portal/review/lifecycle-options';
import type { SuccessorChoice } from '@/lib/portal/review/panel';
import { lifecycleAction } from './actions';
import l from './lifecycle.module.css';

const IDLE: LifecycleState = { ok: false, message: null };

/**
 * The panel's forms share one action state held here, above them: a successful transition replaces the forms
 * (the new state allows other actions), and its message has to outlive the form that asked.
 */
export function LifecycleForms({
  productId,
  actions,
  successors,
  textLimit,
}: {
  productId: string;
  actions: LifecycleAction[];
  successors: SuccessorChoice[];
  textLimit: number;
}) {
  const [state, formAction] = useActionState(lifecycleAction, IDLE);
  const done = state.ok ? state.message : null;
  return (
    <>
      {/* Always present, so assistive technology announces the message when it appears. */}
      <p role="status" className={done ? `${l.status} ${s.success}` : l.status}>
        {done}
      </p>
      <div className={l.actions}>
        {actions.map((action) => (
          <LifecycleForm
            key={action.intent}
            action={action}
            productId={productId}
            successors={successors}
            textLimit={textLimit}
            formAction={formAction}
            failure={!state.ok && state.intent === action.intent ? state : null}
          />
        ))}
      </div>
    </>
  );
}

function LifecycleForm({
  action,
  productId,
  successors,
  textLimit,
  formAction,
  failure,
}: {
  action: LifecycleAction;
  productId: string;
  successors: SuccessorChoice[];
  textLimit: number;
  formAction: (form: FormData) => void;
  failure: LifecycleState | null;
}) {
  const { intent, refusal } = action;
  const form = useKeptEntries();
  return (
    <form ref={form} action={formAction} className={`${s.form} ${l.action}`} aria-labelledby={`${intent}-title`}>
      <h3 id={`${intent}-title`}>{action.title}</h3>
      <p>{action.explanation}</p>
      {failure?.message ? (
        <p role="alert" className={s.error}>
          {failure.message}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <fieldset
        className={l.fields}
        disabled={refusal !== null}
        aria-describedby={refusal ? `${intent}-refusal` : undefined}
      >
        {action.reason ? (
          <ReasonField
            intent={intent}
            required={action.reason === 'required'}
            textLimit={textLimit}
            error={failure?.fieldErrors?.reason}
          />
        ) : null}
        {intent === 'withdraw' ? <WithdrawalFields successors={successors} textLimit={textLimit} /> : null}
        <ConfirmField>{action.confirm}</ConfirmField>
        <div>
          <SubmitButton variant={action.variant} pendingText={action.pendingText}>
            {action.button}
          </SubmitButton>
        </div>
      </fieldset>
      {refusal ? (
        <p id={`${intent}-refusal`} className={l.refusal}>
          {refusal}
        </p>
      ) : null}
    </form>
  );
}

/**
 * React resets a form once its action has run. A refused form keeps what was typed, so it can be corrected where
 * it stands; only the confirmation is cleared, to be given again. (A successful form is replaced anyway.)
 */
function useKeptEntries() {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const keep = (event: Event) => {
      event.preventDefault();
      const confirm = form.elements.namedItem('confirm');
      if (confirm instanceof HTMLInputElement) confirm.checked = false;
    };
    form.addEventListener('reset', keep);
    return () => form.removeEventListener('reset', keep);
  }, []);
  return ref;
}

function ReasonField({
  intent,
  required,
  textLimit,
  error,
}: {
  intent: string;
  required: boolean;
  textLimit: number;
  error?: string;
}) {
  const t = useTranslations('passports');
  const id = `${intent}-reason`;
  return (
    <label htmlFor={id}>
      {required ? t('lifecycle.form.reason') : t('lifecycle.form.reasonOptional')}
      <textarea
        id={id}
        name="reason"
        rows={3}
        required={required}
        maxLength={textLimit}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span id={`${id}-error`} className={s.fieldError}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** What the public withdrawal notice shows besides the reason. */
function WithdrawalFields({ successors, textLimit }: { successors: SuccessorChoice[]; textLimit: number }) {
  const t = useTranslations('passports');
  return (
    <>
      <label htmlFor="withdraw-operator">
        {t('lifecycle.form.operatorDetails')}
        <textarea id="withdraw-operator" name="operatorDetails" rows={2} maxLength={textLimit} />
      </label>
      <label htmlFor="withdraw-contact">
        {t('lifecycle.form.contact')}
        <span className={l.hint} id="withdraw-contact-hint">
          {t('lifecycle.form.contactHint')}
        </span>
        <input
          id="withdraw-contact"
          name="manufacturerContact"
          maxLength={textLimit}
          aria-describedby="withdraw-contact-hint"
        />
      </label>
      <label htmlFor="withdraw-successor">
        {t('lifecycle.form.successor')}
        <select id="withdraw-successor" name="successorId" defaultValue="">
          <option value="">{t('lifecycle.form.noSuccessor')}</option>
          {successors.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
