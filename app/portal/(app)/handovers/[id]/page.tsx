import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ActionForm, FieldError } from '@/app/portal/components/ActionForm';
import { ConfirmField } from '@/app/portal/components/ConfirmField';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { getHandover, type HandoverView } from '@/lib/passport/handover/handover';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { acceptHandoverAction, declineHandoverAction } from '../actions';

export async function generateMetadata() {
  const t = await portalT('access');
  return { title: t('handover.title') };
}

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

/** The outcomes an action redirects with (`?done=`); anything else shows no message. */
const OUTCOMES = ['offered', 'stated', 'accepted', 'declined'] as const;

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
  const t = await portalT('access');
  const done = (await searchParams).done;
  const outcome = OUTCOMES.find((o) => o === done);
  const mayDecide = h.direction === 'incoming' && h.status === 'offered' && hasRole(operator, PORTAL_ROLES.review);
  return (
    <>
      <p>
        <Link href="/portal/handovers">{t('handover.back')}</Link>
      </p>
      <h1>{t('handover.heading', { passport: h.product.name })}</h1>
      {outcome ? (
        <p role="status" className={s.success}>
          {t(`handover.outcome.${outcome}`)}
        </p>
      ) : null}
      <dl>
        <dt>{t('handover.fact.status')}</dt>
        <dd>
          <span className={s.badge} data-testid="handover-status">
            {t(`handover.status.${h.status}`)}
          </span>
        </dd>
        <dt>{t('handover.fact.reason')}</dt>
        <dd>{t(`handover.reason.${h.reason}`)}</dd>
        <dt>{t('handover.fact.passport')}</dt>
        <dd>
          {h.product.id ? (
            <Link href={`/portal/passports/${h.product.id}`}>{h.product.name}</Link>
          ) : (
            <a href={h.product.url}>{h.product.name}</a>
          )}
        </dd>
        <dt>{t('handover.fact.from')}</dt>
        <dd>{h.fromCompany.name}</dd>
        <dt>{t('handover.fact.to')}</dt>
        <dd>{h.toCompany ? h.toCompany.name : t('handover.outside', { uri: h.successorUri ?? '' })}</dd>
        {h.note ? (
          <>
            <dt>{t('handover.fact.note')}</dt>
            <dd>{h.note}</dd>
          </>
        ) : null}
        <dt>{t('handover.fact.offered')}</dt>
        <dd>
          <Time value={h.offeredAt} />
        </dd>
        {h.status === 'offered' ? (
          <>
            <dt>{t('handover.fact.expires')}</dt>
            <dd>
              <Time value={h.expiresAt} />
            </dd>
          </>
        ) : null}
        {h.decidedAt ? (
          <>
            <dt>{t('handover.fact.decided')}</dt>
            <dd>
              <Time value={h.decidedAt} />
            </dd>
          </>
        ) : null}
      </dl>
      <Successor handover={h} t={t} />
      {h.redeclare.length > 0 && h.direction === 'incoming' ? (
        <section aria-labelledby="redeclare-heading">
          <h2 id="redeclare-heading">{t('handover.redeclare')}</h2>
          <p className="muted">{t('handover.redeclareIntro')}</p>
          <ul data-testid="handover-redeclare">
            {h.redeclare.map((f) => (
              <li key={f}>
                <code>{f}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {mayDecide ? <Decision handover={h} t={t} /> : null}
    </>
  );
}

function Successor({ handover: h, t }: { handover: HandoverView; t: PortalTranslator }) {
  if (!h.successor) return null;
  return (
    <p data-testid="handover-successor">
      {h.successor.id ? (
        <Link href={`/portal/passports/${h.successor.id}`}>{t('handover.successorOpen')}</Link>
      ) : h.successor.url ? (
        <a href={h.successor.url}>{t('handover.successorPublished')}</a>
      ) : (
        t('handover.successorPending')
      )}
    </p>
  );
}

function Decision({ handover: h, t }: { handover: HandoverView; t: PortalTranslator }) {
  return (
    <>
      <section aria-labelledby="accept-heading">
        <h2 id="accept-heading">{t('handover.accept')}</h2>
        <ActionForm action={acceptHandoverAction.bind(null, h.id)} aria-label={t('handover.acceptForm')}>
          <label>
            {t('handover.name')}
            <input name="name" maxLength={200} aria-describedby="name-error" />
            <FieldError name="name" />
          </label>
          <ConfirmField>{t('handover.acceptConfirm', { passport: h.product.name })}</ConfirmField>
          <SubmitButton pendingText={t('handover.accepting')}>{t('handover.acceptButton')}</SubmitButton>
        </ActionForm>
      </section>
      <section aria-labelledby="decline-heading">
        <h2 id="decline-heading">{t('handover.decline')}</h2>
        <ActionForm action={declineHandoverAction.bind(null, h.id)} aria-label={t('handover.declineForm')}>
          <label>
            {t('handover.declineReason', { company: h.fromCompany.name })}
            <input name="reason" maxLength={1000} aria-describedby="reason-error" />
            <FieldError name="reason" />
          </label>
          <SubmitButton variant="danger" pendingText={t('handover.declining')}>
            {t('handover.declineButton')}
          </SubmitButton>
        </ActionForm>
      </section>
    </>
  );
}
