import Link from 'next/link';
import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import s from '@/app/portal/portal.module.css';
import { type HandoverView, listHandovers, successorHandover } from '@/lib/passport/handover/handover';
import { portalT } from '@/lib/portal/i18n';
import { hasRole, type Operator, PORTAL_ROLES, portalContext } from '@/lib/portal/session';
import { offerHandoverAction } from '../../handovers/actions';

/**
 * Handover between operators on a passport's page: the offer form of a published passport (reviewers and admins),
 * its earlier handovers, and, on a successor, the passport it continues and what must be declared again.
 */
export async function HandoverPanel({
  product,
  operator,
}: {
  product: { id: string; state: string; recycledAt: Date | string | null };
  operator: Operator;
}) {
  const ctx = portalContext(operator);
  const [handovers, predecessor] = await Promise.all([
    listHandovers({ ctx, input: { productId: product.id, direction: 'outgoing' } }),
    successorHandover({ ctx, input: { productId: product.id } }),
  ]);
  const open = handovers.some((h) => ['offered', 'accepted', 'stated'].includes(h.status));
  const mayOffer =
    product.state === 'APPROVED' && !product.recycledAt && !open && hasRole(operator, PORTAL_ROLES.review);
  if (!mayOffer && handovers.length === 0 && !predecessor) return null;
  const t = await portalT('passports');
  const reasonLabel: Record<HandoverView['reason'], string> = {
    prepared_for_reuse: t('handover.reason.preparedForReuse'),
    repurposed: t('handover.reason.repurposed'),
    remanufactured: t('handover.reason.remanufactured'),
  };
  const reasonInline: Record<HandoverView['reason'], string> = {
    prepared_for_reuse: t('handover.reasonInline.preparedForReuse'),
    repurposed: t('handover.reasonInline.repurposed'),
    remanufactured: t('handover.reasonInline.remanufactured'),
  };
  const statusLabel: Record<HandoverView['status'], string> = {
    offered: t('handover.status.offered'),
    accepted: t('handover.status.accepted'),
    declined: t('handover.status.declined'),
    expired: t('handover.status.expired'),
    stated: t('handover.status.stated'),
  };
  return (
    <section aria-labelledby="handover-heading" data-testid="handover-panel">
      <h2 id="handover-heading">{t('handover.title')}</h2>
      {predecessor ? (
        <p data-testid="handover-predecessor">
          {t('handover.successorOf')} <a href={predecessor.product.url}>{predecessor.product.name}</a>{' '}
          {t('handover.predecessor', {
            company: predecessor.fromCompany.name,
            reason: reasonInline[predecessor.reason],
            redeclare: predecessor.redeclare.join(', '),
          })}{' '}
          <Link href={`/portal/handovers/${predecessor.id}`}>{t('handover.link')}</Link>
        </p>
      ) : null}
      {handovers.length > 0 ? (
        <ul>
          {handovers.map((h) => (
            <li key={h.id}>
              <Link href={`/portal/handovers/${h.id}`}>
                {reasonLabel[h.reason]} → {h.toCompany?.name ?? h.successorUri}
              </Link>{' '}
              <span className={s.badge}>{statusLabel[h.status]}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {mayOffer ? (
        <ActionForm action={offerHandoverAction.bind(null, product.id)} aria-label={t('handover.formLabel')}>
          <label>
            {t('handover.reasonLabel')}
            <select name="reason" required defaultValue="repurposed">
              {Object.entries(reasonLabel).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t('handover.newOperator')}</legend>
            <label className={s.checkbox}>
              <input type="radio" name="target" value="service" defaultChecked />
              <span>{t('handover.targetService')}</span>
            </label>
            <label>
              {t('handover.toCompany')}
              <input name="toCompany" maxLength={100} aria-describedby="toCompany-error" />
              <FieldError name="toCompany" />
            </label>
            <label className={s.checkbox}>
              <input type="radio" name="target" value="external" />
              <span>{t('handover.targetExternal')}</span>
            </label>
            <label>
              {t('handover.successorUri')}
              <input name="successorUri" type="url" maxLength={2000} aria-describedby="successorUri-error" />
              <FieldError name="successorUri" />
            </label>
          </fieldset>
          <label>
            {t('handover.note')}
            <input name="note" maxLength={1000} aria-describedby="note-error" />
            <FieldError name="note" />
          </label>
          <ConfirmField>{t('handover.confirm')}</ConfirmField>
          <SubmitButton pendingText={t('handover.pending')}>{t('handover.button')}</SubmitButton>
        </ActionForm>
      ) : null}
    </section>
  );
}
