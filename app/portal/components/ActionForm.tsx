'use client';

import { createContext, type ReactNode, useActionState, useContext } from 'react';
import type { ActionState } from '@/lib/portal/action';
import s from '../portal.module.css';
import { RevealBox } from './RevealBox';

type Action = (state: ActionState, form: FormData) => Promise<ActionState>;

const StateContext = createContext<ActionState>({ ok: false, message: null });

/**
 * A form bound to a server action: works as a plain POST without JavaScript, shows the action's message (an
 * alert on failure, a status on success) and each field's message beside its input.
 */
export function ActionForm({
  action,
  children,
  successMessage,
  className,
  'aria-label': label,
}: {
  action: Action;
  children: ReactNode;
  successMessage?: string;
  className?: string;
  'aria-label'?: string;
}) {
  const [state, formAction] = useActionState(action, { ok: false, message: null });
  const message = state.message ?? (state.ok ? successMessage : null);
  return (
    <StateContext.Provider value={state}>
      <form action={formAction} className={className ?? s.form} aria-label={label}>
        {message ? (
          <p role={state.ok ? 'status' : 'alert'} className={state.ok ? s.success : s.error}>
            {message}
          </p>
        ) : null}
        {state.reveal ? <RevealBox values={state.reveal} /> : null}
        {children}
      </form>
    </StateContext.Provider>
  );
}

/** The message of one field, linked to its input by id (`<input aria-describedby="<name>-error">`). */
export function FieldError({ name }: { name: string }) {
  const message = useContext(StateContext).fieldErrors?.[name];
  return message ? (
    <span id={`${name}-error`} className={s.fieldError}>
      {message}
    </span>
  ) : null;
}
