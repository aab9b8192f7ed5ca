import Link from 'next/link';
import { notFound } from 'next/navigation';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { getPoliRequest, type PoliRequestView } from '@/lib/poli';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { type PortalLabels, portalLabels } from '@/lib/portal/labels';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { tierLabel, when } from '../format';
import c from '../requests.module.css';
import { DecisionPanel } from './DecisionPanel';

export async function generateMetadata() {
  const t = await portalT('access');
  return { title: t('request.title') };
}

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

/** The outcomes a decision redirects with (`?done=`); anything else shows no message. */
const OUTCOMES = ['approved', 'rejected', 'revoked'] as const;

type Grant = PoliRequestView['grants'][number];

const grantColumns = (t: PortalTranslator, l: PortalLabels): Column<Grant>[] => [
  { id: 'opened', header: t('request.grant.opened'), cell: (g) => when(l, g.createdAt) },
  { id: 'seen', header: t('request.grant.seen'), cell: (g) => when(l, g.lastSeenAt) },
  { id: 'expires', header: t('request.grant.expires'), cell: (g) => when(l, g.expiresAt) },
  {
    id: 'state',
    header: t('request.grant.state'),
    cell: (g) =>
      g.revokedAt
        ? t('request.grant.revoked', { time: when(l, g.revokedAt) })
        : g.active
          ? t('request.grant.active')
          : t('request.grant.expired'),
  },
];

async function loadRequest(ctx: ReturnType<typeof portalContext>, requestId: string) {
  try {
    return await getPoliRequest({ ctx, input: { requestId } });
  } catch (error) {
    // An unknown id, a malformed one and another company's request look the same: not found.
    if (error instanceof ServiceError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_ID')) notFound();
    throw error;
  }
}

export default async function AccessRequestPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const operator = await requireOperator();
  const { id } = await params;
  const request = await loadRequest(portalContext(operator), id);
  const t = await portalT('access');
  const l = await portalLabels();
  const done = (await searchParams).done;
  const outcome = OUTCOMES.find((o) => o === done);
  return (
    <>
      <p>
        <Link href={`/portal/access-requests?status=${request.status}`}>{t('request.back')}</Link>
      </p>
      <h1>{t('request.heading', { name: request.name })}</h1>
      {outcome ? (
        <p role="status" className={s.success}>
          {t(`request.outcome.${outcome}`, { email: request.email })}
        </p>
      ) : null}
      <dl className={c.facts}>
        <dt>{t('request.fact.status')}</dt>
        <dd>
          <span className={s.badge}>{t(`status.${request.status}`)}</span>
        </dd>
        <dt>{t('request.fact.requester')}</dt>
        <dd>{request.name}</dd>
        <dt>{t('request.fact.email')}</dt>
        <dd>{request.email}</dd>
        <dt>{t('request.fact.organisation')}</dt>
        <dd>{request.organisation}</dd>
        <dt>{t('request.fact.role')}</dt>
        <dd>{t(`role.${request.role}`)}</dd>
        <dt>{t('request.fact.tier')}</dt>
        <dd>{tierLabel(l, request.tier)}</dd>
        <dt>{t('request.fact.passport')}</dt>
        <dd>
          <Link href={`/portal/passports/${request.productId}`}>{request.productName}</Link>{' '}
          <span className={c.small}>({request.productSlug})</span>
        </dd>
        <dt>{t('request.fact.requested')}</dt>
        <dd>{when(l, request.createdAt)}</dd>
        <dt>{t('request.fact.confirmed')}</dt>
        <dd>{when(l, request.verifiedAt)}</dd>
        {request.decidedAt ? (
          <>
            <dt>{t('request.fact.decided')}</dt>
            <dd>{when(l, request.decidedAt)}</dd>
          </>
        ) : null}
        {request.rejectionReason ? (
          <>
            <dt>{t('request.fact.reason')}</dt>
            <dd>{request.rejectionReason}</dd>
          </>
        ) : null}
        {request.accessLink ? (
          <>
            <dt>{t('request.fact.accessLink')}</dt>
            <dd>
              {request.accessLink.usedAt
                ? t('request.linkOpened', { time: when(l, request.accessLink.usedAt) })
                : t('request.linkWaiting', { time: when(l, request.accessLink.expiresAt) })}
            </dd>
          </>
        ) : null}
      </dl>
      <h2>{t('request.sessions')}</h2>
      <DataTable
        caption={t('request.sessionsCaption')}
        captionClassName={`muted ${c.caption}`}
        columns={grantColumns(t, l)}
        rows={request.grants}
        rowKey={(g) => g.id}
        empty={t('request.sessionsEmpty')}
        quietEmpty
      />
      <h2>{t('request.decision')}</h2>
      {hasRole(operator, PORTAL_ROLES.review) ? (
        <DecisionPanel request={request} />
      ) : (
        <p className="muted">{t('request.readOnly', { role: operator.role })}</p>
      )}
    </>
  );
}
