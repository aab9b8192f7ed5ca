import a from '@/app/portal/components/admin.module.css';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import type { deliveryView } from '@/lib/webhooks/endpoints/view';
import { ActionForm } from '../../../components/ActionForm';
import { SubmitButton } from '../../../components/SubmitButton';
import { redeliverAction } from './actions';

type Delivery = ReturnType<typeof deliveryView>;

const STATUS_LABEL = { PENDING: 'Pending', SUCCEEDED: 'Delivered', FAILED: 'Failed' } as const;

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

export function DeliveryTable({ endpointId, deliveries }: { endpointId: string; deliveries: Delivery[] }) {
  return (
    <div className={a.wide}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last response</th>
            <th scope="col">Next attempt</th>
            <th scope="col">Redeliver</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} data-delivery-id={d.id}>
              <td>
                <code>{d.eventType}</code>
                <div className={a.hint}>{d.eventId}</div>
              </td>
              <td>
                <Time value={d.eventCreatedAt} />
              </td>
              <td>
                <span
                  className={d.status === 'SUCCEEDED' ? a.okBadge : d.status === 'FAILED' ? a.offBadge : a.warnBadge}
                >
                  {STATUS_LABEL[d.status]}
                </span>
              </td>
              <td data-testid="attempt-count">{d.attemptCount}</td>
              <td>
                <LastResponse delivery={d} />
              </td>
              <td>
                <Time value={d.nextAttemptAt} fallback="None" />
              </td>
              <td>
                <ActionForm
                  action={redeliverAction.bind(null, endpointId, d.id)}
                  className={a.rowForm}
                  aria-label={`Redeliver ${d.eventType} ${d.eventId}`}
                >
                  <SubmitButton variant="secondary" pendingText="Queuing…">
                    Redeliver
                  </SubmitButton>
                </ActionForm>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
