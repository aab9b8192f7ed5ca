import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import type { deliveryView } from '@/lib/webhooks/endpoints/view';
import { ActionForm } from '../../../components/ActionForm';
import { SubmitButton } from '../../../components/SubmitButton';
import { redeliverAction } from './actions';

type Delivery = ReturnType<typeof deliveryView>;

/** Each delivery status's name in the operator's language (`t` of the admin messages), in the filter's order. */
export function deliveryStatusLabels(t: PortalTranslator): Record<Delivery['status'], string> {
  return {
    PENDING: t('endpoint.status.PENDING'),
    SUCCEEDED: t('endpoint.status.SUCCEEDED'),
    FAILED: t('endpoint.status.FAILED'),
  };
}
const STATUS_BADGE = { PENDING: a.warnBadge, SUCCEEDED: a.okBadge, FAILED: a.offBadge } as const;

/** The last attempt's outcome: the receiver's HTTP status, or why no answer came. */
function LastResponse({ delivery, t }: { delivery: Delivery; t: PortalTranslator }) {
  const last = delivery.attempts.at(-1);
  if (!last) return <>{t('endpoint.noAttempt')}</>;
  return (
    <>
      {last.responseStatus !== null ? <span>HTTP {last.responseStatus}</span> : null}
      {last.error ? <div className={a.hint}>{last.error}</div> : null}
    </>
  );
}

const columns = (endpointId: string, t: PortalTranslator): Column<Delivery>[] => {
  const statusLabel = deliveryStatusLabels(t);
  return [
    {
      id: 'event',
      header: t('endpoint.column.event'),
      cell: (d) => (
        <>
          <code>{d.eventType}</code>
          <div className={a.hint}>{d.eventId}</div>
        </>
      ),
    },
    { id: 'created', header: t('endpoint.column.created'), cell: (d) => <Time value={d.eventCreatedAt} /> },
    {
      id: 'status',
      header: t('endpoint.column.status'),
      cell: (d) => <span className={STATUS_BADGE[d.status]}>{statusLabel[d.status]}</span>,
    },
    {
      id: 'attempts',
      header: t('endpoint.column.attempts'),
      attributes: () => ({ 'data-testid': 'attempt-count' }),
      cell: (d) => d.attemptCount,
    },
    { id: 'response', header: t('endpoint.column.response'), cell: (d) => <LastResponse delivery={d} t={t} /> },
    {
      id: 'next',
      header: t('endpoint.column.next'),
      cell: (d) => <Time value={d.nextAttemptAt} fallback={t('endpoint.noNextAttempt')} />,
    },
    {
      id: 'redeliver',
      header: t('endpoint.column.redeliver'),
      cell: (d) => (
        <ActionForm
          action={redeliverAction.bind(null, endpointId, d.id)}
          className={a.rowForm}
          aria-label={t('endpoint.redeliver.label', { type: d.eventType, id: d.eventId })}
        >
          <SubmitButton variant="secondary" pendingText={t('endpoint.redeliver.pending')}>
            {t('endpoint.redeliver.submit')}
          </SubmitButton>
        </ActionForm>
      ),
    },
  ];
};

export async function DeliveryTable({
  endpointId,
  deliveries,
  filtered,
  labelledBy,
}: {
  endpointId: string;
  deliveries: Delivery[];
  filtered: boolean;
  labelledBy: string;
}) {
  const t = await portalT('admin');
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns(endpointId, t)}
      rows={deliveries}
      rowKey={(d) => d.id}
      rowAttributes={(d) => ({ 'data-delivery-id': d.id })}
      empty={filtered ? t('endpoint.emptyFiltered') : t('endpoint.empty')}
      scrollable
    />
  );
}
