'use client';

import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import { importAction } from './actions';

const TEXT = {
  cancel: {
    label: 'Cancel the import',
    confirm: 'Stop reading this file; rows already written stay.',
    button: 'Cancel import',
    pending: 'Cancelling…',
  },
  submit: {
    label: 'Submit for review',
    confirm: 'Submit every valid draft of this import for review as one batch.',
    button: 'Submit for review',
    pending: 'Submitting…',
  },
} as const;

/** A confirmed action on an import: Cancel while it runs, Submit for review once it is complete. */
export function ImportActionForm({ importId, intent }: { importId: string; intent: 'cancel' | 'submit' }) {
  const t = TEXT[intent];
  return (
    <ActionForm action={importAction} aria-label={t.label}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="importId" value={importId} />
      <ConfirmField>{t.confirm}</ConfirmField>
      <FieldError name="confirm" />
      <div>
        <SubmitButton variant={intent === 'cancel' ? 'danger' : 'button'} pendingText={t.pending}>
          {t.button}
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
