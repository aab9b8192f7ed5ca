'use client';

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
  const approve = intent === 'approve';
  const passports = count === 1 ? '1 passport' : `${count} passports`;
  const reasonId = `reason-${importId}`;
  return (
    <ActionForm action={batchDecision} aria-label={approve ? 'Approve batch' : 'Reject batch'}>
      <KeepFormValues />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="importId" value={importId} />
      {approve ? null : (
        <label htmlFor={reasonId}>
          Reason
          <textarea id={reasonId} name="reason" rows={2} required maxLength={2000} />
          <FieldError name="reason" />
        </label>
      )}
      <ConfirmField>
        {approve
          ? `Publish all ${passports} of this batch, each as its next version.`
          : `Send all ${passports} of this batch back to draft with this reason.`}
      </ConfirmField>
      <FieldError name="confirm" />
      <div>
        <SubmitButton variant={approve ? 'button' : 'danger'} pendingText={approve ? 'Approving…' : 'Rejecting…'}>
          {approve ? 'Approve batch' : 'Reject batch'}
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
