import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import a from '@/app/portal/components/admin.module.css';
import { FilterSelect } from '@/app/portal/components/FilterSelect';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import type { DomainContext } from '@/lib/domain/context';
import { ServiceError } from '@/lib/errors';
import { cursorOf, PAGE_SIZE, positionFrom } from '@/lib/portal/admin/cursor';
import { endpointModeOrThrow, withMode } from '@/lib/portal/admin/webhooks';
import { portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { getWebhookEndpoint, listWebhookDeliveries } from '@/lib/webhooks/endpoints/list';
import { Pager } from '../../../components/Pager';
import { EndpointState } from '../EndpointState';
import { DeliveryTable, deliveryStatusLabels } from './DeliveryTable';
import { EndpointActions } from './EndpointActions';

export async function generateMetadata() {
  const t = await portalT('admin');
  return { title: t('endpoint.title') };
}

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
  const t = await portalT('admin');
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what={t('webhooks.what')} />;
  const l = await portalLabels();
  const { id } = await params;
  const q = await searchParams;
  const status = STATUSES.includes(q.status as DeliveryStatus) ? (q.status as DeliveryStatus) : undefined;
  const ctx = await endpointContext(portalContext(operator), id);
  const result = await load(ctx, id, status, q.cursor);
  if ('refusal' in result) {
    return (
      <>
        <h1>{t('endpoint.title')}</h1>
        <p className={s.error}>{result.refusal}</p>
      </>
    );
  }
  const { endpoint, deliveries } = result;
  return (
    <>
      <p>
        <Link href={`/portal/webhooks?mode=${endpoint.mode}`}>{t('endpoint.all', { mode: endpoint.mode })}</Link>
      </p>
      <h1>{t('endpoint.title')}</h1>
      <dl className={a.details}>
        <dt>{t('endpoint.url')}</dt>
        <dd>
          <code>{endpoint.url}</code>
        </dd>
        {endpoint.description ? (
          <>
            <dt>{t('endpoint.description')}</dt>
            <dd>{endpoint.description}</dd>
          </>
        ) : null}
        <dt>{t('endpoint.mode')}</dt>
        <dd>{l.mode(endpoint.mode)}</dd>
        <dt>{t('endpoint.eventTypes')}</dt>
        <dd>{endpoint.eventTypes.includes('*') ? t('endpoint.allEvents') : endpoint.eventTypes.join(', ')}</dd>
        <dt>{t('endpoint.state')}</dt>
        <dd data-testid="endpoint-state">
          <EndpointState endpoint={endpoint} />
        </dd>
        <dt>{t('endpoint.failingSince')}</dt>
        <dd>
          <Time value={endpoint.failingSince} fallback={t('webhooks.notFailing')} />
        </dd>
        {endpoint.previousSecretExpiresAt ? (
          <>
            <dt>{t('endpoint.previousSecret')}</dt>
            <dd>
              <Time value={endpoint.previousSecretExpiresAt} />
            </dd>
          </>
        ) : null}
        <dt>{t('endpoint.created')}</dt>
        <dd>
          <Time value={endpoint.createdAt} />
        </dd>
      </dl>
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">{t('endpoint.history')}</h2>
        <form method="get" className={s.filters} aria-label={t('endpoint.filter.label')}>
          <FilterSelect
            label={t('endpoint.filter.status')}
            name="status"
            value={status}
            anyLabel={t('endpoint.filter.any')}
            options={deliveryStatusLabels(t)}
          />
          <button type="submit" className={s.secondary}>
            {t('endpoint.filter.show')}
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
