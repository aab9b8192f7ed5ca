'use client';

import { useTranslations } from 'use-intl/react';
import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import { batchDecision } from './actions';

/** Approve batch or Reject batch: one confirmed decision on every passport the import submitted. */
export function BatchDecisionForm({
  importId,
  intent,
  count,
}: {
  importId: string;
  intent: 'approve' | 'reject';
  count: number;
}) {
  const t = useTranslations('review');
  const approve = intent === 'approve';
  const reasonId = `reason-${importId}`;
  return (
    <ActionForm action={batchDecision} aria-label={approve ? t('decision.approve') : t('decision.reject')}>
      <KeepFormValues />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="importId" value={importId} />
      {approve ? null : (
        <label htmlFor={reasonId}>
          {t('decision.reason')}
          <textarea id={reasonId} name="reason" rows={2} required maxLength={2000} />
          <FieldError name="reason" />
        </label>
      )}
      <ConfirmField>
        {approve ? t('decision.approveConfirm', { count }) : t('decision.rejectConfirm', { count })}
      </ConfirmField>
      <FieldError name="confirm" />
      <div>
        <SubmitButton
          variant={approve ? 'button' : 'danger'}
          pendingText={approve ? t('decision.approving') : t('decision.rejecting')}
        >
          {approve ? t('decision.approve') : t('decision.reject')}
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
