import Link from 'next/link';
import a from '@/app/portal/components/admin.module.css';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import type { endpointView } from '@/lib/webhooks/endpoints/view';
import { EndpointState } from './EndpointState';

export type EndpointView = ReturnType<typeof endpointView>;

export function EndpointTable({ endpoints }: { endpoints: EndpointView[] }) {
  return (
    <div className={a.wide}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Mode</th>
            <th scope="col">Event types</th>
            <th scope="col">State</th>
            <th scope="col">Failing since</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((e) => (
            <tr key={e.id} data-endpoint-id={e.id}>
              <td>
                <Link href={`/portal/webhooks/${e.id}`}>{e.url}</Link>
                {e.description ? <div className={a.hint}>{e.description}</div> : null}
              </td>
              <td>{e.mode === 'test' ? 'Sandbox' : 'Live'}</td>
              <td>{e.eventTypes.includes('*') ? 'All' : e.eventTypes.map((t) => <code key={t}>{t} </code>)}</td>
              <td>
                <EndpointState endpoint={e} />
              </td>
              <td>
                <Time value={e.failingSince} fallback="Not failing" />
              </td>
              <td>
                <Time value={e.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
