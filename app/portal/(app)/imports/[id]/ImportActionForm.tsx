'use client';

import { useTranslations } from 'use-intl/react';
import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import { importAction } from './actions';

/** A confirmed action on an import: Cancel while it runs, Submit for review once it is complete. */
export function ImportActionForm({ importId, intent }: { importId: string; intent: 'cancel' | 'submit' }) {
  const t = useTranslations('imports');
  const text =
    intent === 'cancel'
      ? {
          label: t('action.cancel.label'),
          confirm: t('action.cancel.confirm'),
          button: t('action.cancel.button'),
          pending: t('action.cancel.pending'),
        }
      : {
          label: t('action.submit.label'),
          confirm: t('action.submit.confirm'),
          button: t('action.submit.button'),
          pending: t('action.submit.pending'),
        };
  return (
    <ActionForm action={importAction} aria-label={text.label}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="importId" value={importId} />
      <ConfirmField>{text.confirm}</ConfirmField>
      <FieldError name="confirm" />
      <div>
        <SubmitButton variant={intent === 'cancel' ? 'danger' : 'button'} pendingText={text.pending}>
          {text.button}
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
