import Link from 'next/link';
import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import s from '@/app/portal/portal.module.css';
import { listHandovers, successorHandover } from '@/lib/passport/handover/handover';
import { hasRole, type Operator, PORTAL_ROLES, portalContext } from '@/lib/portal/session';
import { offerHandoverAction } from '../../handovers/actions';
import { REASON_LABELS, STATUS_LABELS } from '../../handovers/format';

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
  return (
    <section aria-labelledby="handover-heading" data-testid="handover-panel">
      <h2 id="handover-heading">Handover to another operator</h2>
      {predecessor ? (
        <p data-testid="handover-predecessor">
          Successor of <a href={predecessor.product.url}>{predecessor.product.name}</a> from{' '}
          {predecessor.fromCompany.name} ({REASON_LABELS[predecessor.reason].toLowerCase()}). Declare again:{' '}
          {predecessor.redeclare.join(', ')}. <Link href={`/portal/handovers/${predecessor.id}`}>The handover</Link>
        </p>
      ) : null}
      {handovers.length > 0 ? (
        <ul>
          {handovers.map((h) => (
            <li key={h.id}>
              <Link href={`/portal/handovers/${h.id}`}>
                {REASON_LABELS[h.reason]} → {h.toCompany?.name ?? h.successorUri}
              </Link>{' '}
              <span className={s.badge}>{STATUS_LABELS[h.status]}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {mayOffer ? (
        <ActionForm action={offerHandoverAction.bind(null, product.id)} aria-label="Hand the passport over">
          <label>
            Reason
            <select name="reason" required defaultValue="repurposed">
              {Object.entries(REASON_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>New operator</legend>
            <label className={s.checkbox}>
              <input type="radio" name="target" value="service" defaultChecked />
              <span>A company of this service</span>
            </label>
            <label>
              Its identifier (the company slug, as in its issuer DID)
              <input name="toCompany" maxLength={100} aria-describedby="toCompany-error" />
              <FieldError name="toCompany" />
            </label>
            <label className={s.checkbox}>
              <input type="radio" name="target" value="external" />
              <span>An operator outside this service</span>
            </label>
            <label>
              Address of its passport (recorded as stated by you, not verified)
              <input name="successorUri" type="url" maxLength={2000} aria-describedby="successorUri-error" />
              <FieldError name="successorUri" />
            </label>
          </fieldset>
          <label>
            Note (optional)
            <input name="note" maxLength={1000} aria-describedby="note-error" />
            <FieldError name="note" />
          </label>
          <ConfirmField>
            Offer this passport to the new operator. Once their successor passport is published, this passport shows the
            reason as its status and links to it.
          </ConfirmField>
          <SubmitButton pendingText="Offering…">Hand over</SubmitButton>
        </ActionForm>
      ) : null}
    </section>
  );
}
