import type { Metadata } from 'next';
import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { listPoliRequests, type PoliRequestView } from '@/lib/poli';
import { QUEUE_PAGE_SIZE, QUEUE_TABS, queueCounts, queueStatus } from '@/lib/portal/access-requests/queue';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { STATUS_LABELS, tierLabel, when } from './format';
import c from './requests.module.css';

export const metadata: Metadata = { title: 'Access requests' };

type Search = Promise<Record<string, string | string[] | undefined>>;

const EMPTY: Record<string, string> = {
  PENDING_REVIEW: 'No request awaits a decision.',
  APPROVED: 'No approved requests.',
  REJECTED: 'No rejected requests.',
  REVOKED: 'No revoked accesses.',
  PENDING_VERIFICATION: 'No request waits for its email to be confirmed.',
};

const columns: Column<PoliRequestView>[] = [
  {
    id: 'requester',
    header: 'Requester',
    cell: (r) => (
      <>
        <Link href={`/portal/access-requests/${r.id}`}>{r.name}</Link>
        <br />
        <span className={c.small}>{r.email}</span>
      </>
    ),
  },
  { id: 'organisation', header: 'Organisation', cell: (r) => r.organisation },
  { id: 'role', header: 'Role', cell: (r) => r.roleLabel },
  {
    id: 'tier',
    header: 'Tier it grants',
    cell: (r) => <span className={`${s.badge} ${c.nowrap}`}>{tierLabel(r.tier)}</span>,
  },
  {
    id: 'passport',
    header: 'Passport',
    cell: (r) => <Link href={`/portal/passports/${r.productId}`}>{r.productName}</Link>,
  },
  { id: 'requested', header: 'Requested', cell: (r) => when(r.createdAt) },
  { id: 'confirmed', header: 'Email confirmed', cell: (r) => when(r.verifiedAt) },
];

export default async function AccessRequestsPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const params = await searchParams;
  const status = queueStatus(params.status);
  const cursor = typeof params.cursor === 'string' && params.cursor ? params.cursor : undefined;
  const counts = await queueCounts({ ctx });

  let page: { data: PoliRequestView[]; nextCursor: string | null } | null = null;
  let problem: string | null = status ? null : 'That status does not exist. Pick one of the tabs.';
  if (status) {
    try {
      page = await listPoliRequests({ ctx, input: { status, cursor, limit: QUEUE_PAGE_SIZE } });
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === 'VALIDATION_ERROR')) throw error;
      problem = 'This page link is no longer valid. Start again from the first page.';
    }
  }

  return (
    <>
      <h1>Access requests</h1>
      <p className="muted">
        Recyclers, repairers and authorities ask for the restricted information of a passport. A confirmed request waits
        here for a decision; the role the requester gave decides the access tier.
        {hasRole(operator, PORTAL_ROLES.review)
          ? null
          : ' You can read the requests; reviewers and admins decide on them.'}
      </p>
      <nav className={c.tabs} aria-label="Request status">
        <ul>
          {QUEUE_TABS.map((tab) => (
            <li key={tab.status}>
              <Link
                href={`/portal/access-requests?status=${tab.status}`}
                aria-current={tab.status === status ? 'page' : undefined}
              >
                {tab.label} ({counts[tab.status]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {problem ? (
        <p role="alert" className={s.error}>
          {problem}
        </p>
      ) : null}
      {page && status ? (
        <DataTable
          caption={`${STATUS_LABELS[status]}: access requests, newest first`}
          captionClassName={`muted ${c.caption}`}
          columns={columns}
          rows={page.data}
          rowKey={(r) => r.id}
          empty={EMPTY[status]}
        />
      ) : null}
      {page ? (
        <Pager path="/portal/access-requests" params={{ status: status ?? undefined, cursor }} next={page.nextCursor} />
      ) : null}
    </>
  );
}
