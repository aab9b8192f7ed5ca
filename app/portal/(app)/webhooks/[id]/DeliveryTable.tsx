import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import type { deliveryView } from '@/lib/webhooks/endpoints/view';
import { ActionForm } from '../../../components/ActionForm';
import { SubmitButton } from '../../../components/SubmitButton';
import { redeliverAction } from './actions';

type Delivery = ReturnType<typeof deliveryView>;

export const DELIVERY_STATUS_LABEL = { PENDING: 'Pending', SUCCEEDED: 'Delivered', FAILED: 'Failed' } as const;
const STATUS_BADGE = { PENDING: a.warnBadge, SUCCEEDED: a.okBadge, FAILED: a.offBadge } as const;

/** The last attempt's outcome: the receiver's HTTP status, or why no answer came. */
function LastResponse({ delivery }: { delivery: Delivery }) {
  const last = delivery.attempts.at(-1);
  if (!last) return <>No attempt yet</>;
  return (
    <>
      {last.responseStatus !== null ? <span>HTTP {last.responseStatus}</span> : null}
      {last.error ? <div className={a.hint}>{last.error}</div> : null}
    </>
  );
}

const columns = (endpointId: string): Column<Delivery>[] => [
  {
    id: 'event',
    header: 'Event',
    cell: (d) => (
      <>
        <code>{d.eventType}</code>
        <div className={a.hint}>{d.eventId}</div>
      </>
    ),
  },
  { id: 'created', header: 'Created', cell: (d) => <Time value={d.eventCreatedAt} /> },
  {
    id: 'status',
    header: 'Status',
    cell: (d) => <span className={STATUS_BADGE[d.status]}>{DELIVERY_STATUS_LABEL[d.status]}</span>,
  },
  {
    id: 'attempts',
    header: 'Attempts',
    attributes: () => ({ 'data-testid': 'attempt-count' }),
    cell: (d) => d.attemptCount,
  },
  { id: 'response', header: 'Last response', cell: (d) => <LastResponse delivery={d} /> },
  { id: 'next', header: 'Next attempt', cell: (d) => <Time value={d.nextAttemptAt} fallback="None" /> },
  {
    id: 'redeliver',
    header: 'Redeliver',
    cell: (d) => (
      <ActionForm
        action={redeliverAction.bind(null, endpointId, d.id)}
        className={a.rowForm}
        aria-label={`Redeliver ${d.eventType} ${d.eventId}`}
      >
        <SubmitButton variant="secondary" pendingText="Queuing…">
          Redeliver
        </SubmitButton>
      </ActionForm>
    ),
  },
];

export function DeliveryTable({
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
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns(endpointId)}
      rows={deliveries}
      rowKey={(d) => d.id}
      rowAttributes={(d) => ({ 'data-delivery-id': d.id })}
      empty={
        filtered
          ? 'No deliveries with this status.'
          : 'No deliveries yet: events of the subscribed types appear here once they happen.'
      }
      scrollable
    />
  );
}
