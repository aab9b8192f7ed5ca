import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { listPoliRequests, type PoliRequestView } from '@/lib/poli';
import { QUEUE_PAGE_SIZE, QUEUE_TABS, queueCounts, queueStatus } from '@/lib/portal/access-requests/queue';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { type PortalLabels, portalLabels } from '@/lib/portal/labels';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { tierLabel, when } from './format';
import c from './requests.module.css';

export async function generateMetadata() {
  const t = await portalT('access');
  return { title: t('requests.title') };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

const columns = (t: PortalTranslator, l: PortalLabels): Column<PoliRequestView>[] => [
  {
    id: 'requester',
    header: t('requests.column.requester'),
    cell: (r) => (
      <>
        <Link href={`/portal/access-requests/${r.id}`}>{r.name}</Link>
        <br />
        <span className={c.small}>{r.email}</span>
      </>
    ),
  },
  { id: 'organisation', header: t('requests.column.organisation'), cell: (r) => r.organisation },
  { id: 'role', header: t('requests.column.role'), cell: (r) => t(`role.${r.role}`) },
  {
    id: 'tier',
    header: t('requests.column.tier'),
    cell: (r) => <span className={`${s.badge} ${c.nowrap}`}>{tierLabel(l, r.tier)}</span>,
  },
  {
    id: 'passport',
    header: t('requests.column.passport'),
    cell: (r) => <Link href={`/portal/passports/${r.productId}`}>{r.productName}</Link>,
  },
  { id: 'requested', header: t('requests.column.requested'), cell: (r) => when(l, r.createdAt) },
  { id: 'confirmed', header: t('requests.column.confirmed'), cell: (r) => when(l, r.verifiedAt) },
];

export default async function AccessRequestsPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const t = await portalT('access');
  const l = await portalLabels();
  const params = await searchParams;
  const status = queueStatus(params.status);
  const cursor = typeof params.cursor === 'string' && params.cursor ? params.cursor : undefined;
  const counts = await queueCounts({ ctx });

  let page: { data: PoliRequestView[]; nextCursor: string | null } | null = null;
  let problem: string | null = status ? null : t('requests.badStatus');
  if (status) {
    try {
      page = await listPoliRequests({ ctx, input: { status, cursor, limit: QUEUE_PAGE_SIZE } });
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === 'VALIDATION_ERROR')) throw error;
      problem = t('requests.badCursor');
    }
  }

  return (
    <>
      <h1>{t('requests.title')}</h1>
      <p className="muted">
        {t('requests.intro')}
        {hasRole(operator, PORTAL_ROLES.review) ? null : ` ${t('requests.readOnly')}`}
      </p>
      <nav className={c.tabs} aria-label={t('requests.tabs')}>
        <ul>
          {QUEUE_TABS.map((tab) => (
            <li key={tab.status}>
              <Link
                href={`/portal/access-requests?status=${tab.status}`}
                aria-current={tab.status === status ? 'page' : undefined}
              >
                {t('requests.tab', { label: t(`status.${tab.status}`), count: counts[tab.status] })}
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
          caption={t('requests.caption', { status: t(`status.${status}`) })}
          captionClassName={`muted ${c.caption}`}
          columns={columns(t, l)}
          rows={page.data}
          rowKey={(r) => r.id}
          empty={t(`requests.empty.${status}`)}
        />
      ) : null}
      {page ? (
        <Pager path="/portal/access-requests" params={{ status: status ?? undefined, cursor }} next={page.nextCursor} />
      ) : null}
    </>
  );
}
