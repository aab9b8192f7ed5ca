import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import a from '@/app/portal/components/admin.module.css';
import { FilterSelect } from '@/app/portal/components/FilterSelect';
import { MODE_LABEL } from '@/app/portal/components/mode-label';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import type { DomainContext } from '@/lib/domain/context';
import { ServiceError } from '@/lib/errors';
import { cursorOf, PAGE_SIZE, positionFrom } from '@/lib/portal/admin/cursor';
import { endpointModeOrThrow, withMode } from '@/lib/portal/admin/webhooks';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { getWebhookEndpoint, listWebhookDeliveries } from '@/lib/webhooks/endpoints/list';
import { Pager } from '../../../components/Pager';
import { EndpointState } from '../EndpointState';
import { DELIVERY_STATUS_LABEL, DeliveryTable } from './DeliveryTable';
import { EndpointActions } from './EndpointActions';

export const metadata: Metadata = { title: 'Webhook endpoint' };

type Params = Promise<{ id: string }>;
type Search = Promise<{ status?: string; cursor?: string }>;

const STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
type DeliveryStatus = (typeof STATUSES)[number];

/** The endpoint's mode decides which verbs' view it belongs to; another company's endpoint is the not-found page. */
async function endpointContext(ctx: DomainContext, id: string): Promise<DomainContext> {
  try {
    return withMode(ctx, await endpointModeOrThrow(ctx, id));
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}

async function load(ctx: DomainContext, id: string, status: DeliveryStatus | undefined, cursor: string | undefined) {
  try {
    const [endpoint, deliveries] = await Promise.all([
      getWebhookEndpoint({ ctx, id }),
      listWebhookDeliveries({ ctx, id, status, page: { after: positionFrom(cursor), limit: PAGE_SIZE } }),
    ]);
    return { endpoint, deliveries };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'FORBIDDEN_MODULE') return { refusal: error.message };
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}

export default async function WebhookEndpointPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const operator = await requireOperator();
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what="Webhook endpoints" />;
  const { id } = await params;
  const q = await searchParams;
  const status = STATUSES.includes(q.status as DeliveryStatus) ? (q.status as DeliveryStatus) : undefined;
  const ctx = await endpointContext(portalContext(operator), id);
  const result = await load(ctx, id, status, q.cursor);
  if ('refusal' in result) {
    return (
      <>
        <h1>Webhook endpoint</h1>
        <p className={s.error}>{result.refusal}</p>
      </>
    );
  }
  const { endpoint, deliveries } = result;
  return (
    <>
      <p>
        <Link href={`/portal/webhooks?mode=${endpoint.mode}`}>
          All {endpoint.mode === 'test' ? 'sandbox' : 'live'} endpoints
        </Link>
      </p>
      <h1>Webhook endpoint</h1>
      <dl className={a.details}>
        <dt>URL</dt>
        <dd>
          <code>{endpoint.url}</code>
        </dd>
        {endpoint.description ? (
          <>
            <dt>Description</dt>
            <dd>{endpoint.description}</dd>
          </>
        ) : null}
        <dt>Mode</dt>
        <dd>{MODE_LABEL[endpoint.mode]}</dd>
        <dt>Event types</dt>
        <dd>{endpoint.eventTypes.includes('*') ? 'All, present and future' : endpoint.eventTypes.join(', ')}</dd>
        <dt>State</dt>
        <dd data-testid="endpoint-state">
          <EndpointState endpoint={endpoint} />
        </dd>
        <dt>Failing since</dt>
        <dd>
          <Time value={endpoint.failingSince} fallback="Not failing" />
        </dd>
        {endpoint.previousSecretExpiresAt ? (
          <>
            <dt>Previous secret signs until</dt>
            <dd>
              <Time value={endpoint.previousSecretExpiresAt} />
            </dd>
          </>
        ) : null}
        <dt>Created</dt>
        <dd>
          <Time value={endpoint.createdAt} />
        </dd>
      </dl>
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Delivery history</h2>
        <form method="get" className={s.filters} aria-label="Filter deliveries">
          <FilterSelect label="Status" name="status" value={status} anyLabel="Any" options={DELIVERY_STATUS_LABEL} />
          <button type="submit" className={s.secondary}>
            Show
          </button>
        </form>
        <DeliveryTable
          endpointId={endpoint.id}
          deliveries={deliveries.items}
          filtered={Boolean(status)}
          labelledBy="deliveries-title"
        />
        <Pager
          path={`/portal/webhooks/${endpoint.id}`}
          params={{ status, cursor: q.cursor }}
          next={cursorOf(deliveries.next)}
        />
      </section>
      <EndpointActions endpoint={endpoint} />
    </>
  );
}
