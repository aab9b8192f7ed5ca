import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { getPoliRequest, type PoliRequestView } from '@/lib/poli';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { STATUS_LABELS, tierLabel, when } from '../format';
import c from '../requests.module.css';
import { DecisionPanel } from './DecisionPanel';

export const metadata: Metadata = { title: 'Access request' };

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

const OUTCOMES: Record<string, (r: PoliRequestView) => string> = {
  approved: (r) => `Approved. An access link was emailed to ${r.email}.`,
  rejected: (r) => `Rejected. The reason was emailed to ${r.email}.`,
  revoked: (r) => `Access revoked for ${r.email}.`,
};

type Grant = PoliRequestView['grants'][number];

const grantColumns: Column<Grant>[] = [
  { id: 'opened', header: 'Opened', cell: (g) => when(g.createdAt) },
  { id: 'seen', header: 'Last seen', cell: (g) => when(g.lastSeenAt) },
  { id: 'expires', header: 'Expires', cell: (g) => when(g.expiresAt) },
  {
    id: 'state',
    header: 'State',
    cell: (g) => (g.revokedAt ? `Revoked ${when(g.revokedAt)}` : g.active ? 'Active' : 'Expired'),
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
  const done = (await searchParams).done;
  const outcome = typeof done === 'string' ? OUTCOMES[done]?.(request) : undefined;
  return (
    <>
      <p>
        <Link href={`/portal/access-requests?status=${request.status}`}>← Access requests</Link>
      </p>
      <h1>Access request from {request.name}</h1>
      {outcome ? (
        <p role="status" className={s.success}>
          {outcome}
        </p>
      ) : null}
      <dl className={c.facts}>
        <dt>Status</dt>
        <dd>
          <span className={s.badge}>{STATUS_LABELS[request.status]}</span>
        </dd>
        <dt>Requester</dt>
        <dd>{request.name}</dd>
        <dt>Email</dt>
        <dd>{request.email}</dd>
        <dt>Organisation</dt>
        <dd>{request.organisation}</dd>
        <dt>Role</dt>
        <dd>{request.roleLabel}</dd>
        <dt>Tier it grants</dt>
        <dd>{tierLabel(request.tier)}</dd>
        <dt>Passport</dt>
        <dd>
          <Link href={`/portal/passports/${request.productId}`}>{request.productName}</Link>{' '}
          <span className={c.small}>({request.productSlug})</span>
        </dd>
        <dt>Requested</dt>
        <dd>{when(request.createdAt)}</dd>
        <dt>Email confirmed</dt>
        <dd>{when(request.verifiedAt)}</dd>
        {request.decidedAt ? (
          <>
            <dt>Decided</dt>
            <dd>{when(request.decidedAt)}</dd>
          </>
        ) : null}
        {request.rejectionReason ? (
          <>
            <dt>Reason given</dt>
            <dd>{request.rejectionReason}</dd>
          </>
        ) : null}
        {request.accessLink ? (
          <>
            <dt>Access link</dt>
            <dd>
              {request.accessLink.usedAt
                ? `Opened ${when(request.accessLink.usedAt)}`
                : `Not opened yet; expires ${when(request.accessLink.expiresAt)}`}
            </dd>
          </>
        ) : null}
      </dl>
      <h2>Browser sessions</h2>
      <DataTable
        caption="Browsers that opened the access link"
        captionClassName={`muted ${c.caption}`}
        columns={grantColumns}
        rows={request.grants}
        rowKey={(g) => g.id}
        empty="No browser has opened the restricted view through this request."
        quietEmpty
      />
      <h2>Decision</h2>
      {hasRole(operator, PORTAL_ROLES.review) ? (
        <DecisionPanel request={request} />
      ) : (
        <p className="muted">
          Your role ({operator.role}) can read access requests; reviewers and admins decide on them.
        </p>
      )}
    </>
  );
}
