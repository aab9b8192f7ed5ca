import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { getHandover, type HandoverView } from '@/lib/passport/handover/handover';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { acceptHandoverAction, declineHandoverAction } from '../actions';
import { REASON_LABELS, STATUS_LABELS } from '../format';

export const metadata: Metadata = { title: 'Handover' };

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

const OUTCOMES: Record<string, string> = {
  offered: 'Offered. The receiving company is emailed and has 30 days to accept or decline.',
  stated: 'Recorded. The passport now names the successor you stated, marked as not verified.',
  accepted: 'Accepted. The successor draft is in your passports: complete the marked fields, then submit it.',
  declined: 'Declined. The offering company is told.',
};

async function load(ctx: ReturnType<typeof portalContext>, handoverId: string) {
  try {
    return await getHandover({ ctx, input: { handoverId } });
  } catch (error) {
    // Another company's handover and a malformed id look the same: not found.
    if (error instanceof ServiceError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_ID')) notFound();
    throw error;
  }
}

/** One handover as this company's side sees it, with the receiving side's decision forms while it is open. */
export default async function HandoverPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const operator = await requireOperator();
  const { id } = await params;
  const h = await load(portalContext(operator), id);
  const done = (await searchParams).done;
  const outcome = typeof done === 'string' ? OUTCOMES[done] : undefined;
  const mayDecide = h.direction === 'incoming' && h.status === 'offered' && hasRole(operator, PORTAL_ROLES.review);
  return (
    <>
      <p>
        <Link href="/portal/handovers">← Handovers</Link>
      </p>
      <h1>Handover of {h.product.name}</h1>
      {outcome ? (
        <p role="status" className={s.success}>
          {outcome}
        </p>
      ) : null}
      <dl>
        <dt>Status</dt>
        <dd>
          <span className={s.badge} data-testid="handover-status">
            {STATUS_LABELS[h.status]}
          </span>
        </dd>
        <dt>Reason</dt>
        <dd>{REASON_LABELS[h.reason]}</dd>
        <dt>Passport</dt>
        <dd>
          {h.product.id ? (
            <Link href={`/portal/passports/${h.product.id}`}>{h.product.name}</Link>
          ) : (
            <a href={h.product.url}>{h.product.name}</a>
          )}
        </dd>
        <dt>From</dt>
        <dd>{h.fromCompany.name}</dd>
        <dt>To</dt>
        <dd>
          {h.toCompany ? (
            h.toCompany.name
          ) : (
            <>Outside the service, as stated by the previous operator (not verified): {h.successorUri}</>
          )}
        </dd>
        {h.note ? (
          <>
            <dt>Note</dt>
            <dd>{h.note}</dd>
          </>
        ) : null}
        <dt>Offered</dt>
        <dd>
          <Time value={h.offeredAt} />
        </dd>
        {h.status === 'offered' ? (
          <>
            <dt>Expires</dt>
            <dd>
              <Time value={h.expiresAt} />
            </dd>
          </>
        ) : null}
        {h.decidedAt ? (
          <>
            <dt>Decided</dt>
            <dd>
              <Time value={h.decidedAt} />
            </dd>
          </>
        ) : null}
      </dl>
      <Successor handover={h} />
      {h.redeclare.length > 0 && h.direction === 'incoming' ? (
        <section aria-labelledby="redeclare-heading">
          <h2 id="redeclare-heading">What the new operator declares again</h2>
          <p className="muted">
            These fields start empty in the successor draft (battery status from the reason); restricted data of the
            original is never carried over.
          </p>
          <ul data-testid="handover-redeclare">
            {h.redeclare.map((f) => (
              <li key={f}>
                <code>{f}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {mayDecide ? <Decision handover={h} /> : null}
    </>
  );
}

function Successor({ handover: h }: { handover: HandoverView }) {
  if (!h.successor) return null;
  return (
    <p data-testid="handover-successor">
      {h.successor.id ? (
        <Link href={`/portal/passports/${h.successor.id}`}>Open the successor passport</Link>
      ) : h.successor.url ? (
        <a href={h.successor.url}>The published successor passport</a>
      ) : (
        'The receiving company has not published the successor passport yet.'
      )}
    </p>
  );
}

function Decision({ handover: h }: { handover: HandoverView }) {
  return (
    <>
      <section aria-labelledby="accept-heading">
        <h2 id="accept-heading">Accept</h2>
        <ActionForm action={acceptHandoverAction.bind(null, h.id)} aria-label="Accept the handover">
          <label>
            Name of the successor passport (optional)
            <input name="name" maxLength={200} aria-describedby="name-error" />
            <FieldError name="name" />
          </label>
          <ConfirmField>
            Create a draft passport in our company from the published data of {h.product.name}, linked to it as its
            predecessor.
          </ConfirmField>
          <SubmitButton pendingText="Accepting…">Accept and create the draft</SubmitButton>
        </ActionForm>
      </section>
      <section aria-labelledby="decline-heading">
        <h2 id="decline-heading">Decline</h2>
        <ActionForm action={declineHandoverAction.bind(null, h.id)} aria-label="Decline the handover">
          <label>
            Reason (optional, sent to {h.fromCompany.name})
            <input name="reason" maxLength={1000} aria-describedby="reason-error" />
            <FieldError name="reason" />
          </label>
          <SubmitButton variant="danger" pendingText="Declining…">
            Decline
          </SubmitButton>
        </ActionForm>
      </section>
    </>
  );
}
