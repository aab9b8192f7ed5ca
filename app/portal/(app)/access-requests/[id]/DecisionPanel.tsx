import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import type { PoliRequestView } from '@/lib/poli';
import { portalT } from '@/lib/portal/i18n';
import c from '../requests.module.css';
import { approveAccessRequest, rejectAccessRequest, revokeAccess } from './actions';

const REASON_MAX = 2000;

/** The decisions the request's status allows; the server checks the role and the status again. */
export async function DecisionPanel({ request }: { request: PoliRequestView }) {
  const t = await portalT('access');
  if (request.status === 'PENDING_REVIEW') {
    return (
      <div className={c.decisions}>
        <section aria-labelledby="approve-heading">
          <h3 id="approve-heading">{t('decide.approve')}</h3>
          <ActionForm action={approveAccessRequest.bind(null, request.id)} aria-label={t('decide.approveForm')}>
            <ConfirmField>
              {t('decide.approveConfirm', {
                tier: request.tier,
                passport: request.productName,
                email: request.email,
              })}
            </ConfirmField>
            <SubmitButton pendingText={t('decide.approving')}>{t('decide.approveButton')}</SubmitButton>
          </ActionForm>
        </section>
        <section aria-labelledby="reject-heading">
          <h3 id="reject-heading">{t('decide.reject')}</h3>
          <ActionForm action={rejectAccessRequest.bind(null, request.id)} aria-label={t('decide.rejectForm')}>
            <label>
              {t('decide.reason')}
              <textarea name="reason" rows={4} required maxLength={REASON_MAX} aria-describedby="reason-error" />
              <FieldError name="reason" />
            </label>
            <SubmitButton variant="danger" pendingText={t('decide.rejecting')}>
              {t('decide.rejectButton')}
            </SubmitButton>
          </ActionForm>
        </section>
      </div>
    );
  }
  if (request.status === 'APPROVED') {
    return (
      <section aria-labelledby="revoke-heading">
        <h3 id="revoke-heading">{t('decide.revoke')}</h3>
        <ActionForm action={revokeAccess.bind(null, request.id)} aria-label={t('decide.revokeForm')}>
          <ConfirmField>
            {t('decide.revokeConfirm', { email: request.email, passport: request.productName })}
          </ConfirmField>
          <SubmitButton variant="danger" pendingText={t('decide.revoking')}>
            {t('decide.revokeButton')}
          </SubmitButton>
        </ActionForm>
      </section>
    );
  }
  if (request.status === 'PENDING_VERIFICATION') return <p className="muted">{t('decide.unverified')}</p>;
  return <p className="muted">{t('decide.closed')}</p>;
}
