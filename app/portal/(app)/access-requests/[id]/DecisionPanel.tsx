import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import type { PoliRequestView } from '@/lib/poli';
import { tierAccess } from '../format';
import c from '../requests.module.css';
import { approveAccessRequest, rejectAccessRequest, revokeAccess } from './actions';

const REASON_MAX = 2000;

/** The decisions the request's status allows; the server checks the role and the status again. */
export function DecisionPanel({ request }: { request: PoliRequestView }) {
  if (request.status === 'PENDING_REVIEW') {
    return (
      <div className={c.decisions}>
        <section aria-labelledby="approve-heading">
          <h3 id="approve-heading">Approve</h3>
          <ActionForm action={approveAccessRequest.bind(null, request.id)} aria-label="Approve the request">
            <ConfirmField>
              Grant {tierAccess(request.tier)} to {request.productName} for {request.email}; an access link is emailed.
            </ConfirmField>
            <SubmitButton pendingText="Approving…">Approve and send the access link</SubmitButton>
          </ActionForm>
        </section>
        <section aria-labelledby="reject-heading">
          <h3 id="reject-heading">Reject</h3>
          <ActionForm action={rejectAccessRequest.bind(null, request.id)} aria-label="Reject the request">
            <label>
              Reason (emailed to the requester)
              <textarea name="reason" rows={4} required maxLength={REASON_MAX} aria-describedby="reason-error" />
              <FieldError name="reason" />
            </label>
            <SubmitButton variant="danger" pendingText="Rejecting…">
              Reject and email the reason
            </SubmitButton>
          </ActionForm>
        </section>
      </div>
    );
  }
  if (request.status === 'APPROVED') {
    return (
      <section aria-labelledby="revoke-heading">
        <h3 id="revoke-heading">Revoke</h3>
        <ActionForm action={revokeAccess.bind(null, request.id)} aria-label="Revoke the access">
          <ConfirmField>
            End {request.email}&apos;s access to {request.productName} now: every browser they opened it in loses the
            restricted view, and an unused access link stops working.
          </ConfirmField>
          <SubmitButton variant="danger" pendingText="Revoking…">
            Revoke access
          </SubmitButton>
        </ActionForm>
      </section>
    );
  }
  if (request.status === 'PENDING_VERIFICATION')
    return (
      <p className="muted">
        The requester has not confirmed their email address yet; the request cannot be decided until then.
      </p>
    );
  return <p className="muted">This request is closed; nothing more can be decided on it. A new request starts over.</p>;
}
