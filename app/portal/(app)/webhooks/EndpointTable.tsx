import Link from 'next/link';
import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { MODE_LABEL } from '@/app/portal/components/mode-label';
import { Time } from '@/app/portal/components/Time';
import { EndpointState, type EndpointView } from './EndpointState';

const columns: Column<EndpointView>[] = [
  {
    id: 'url',
    header: 'URL',
    cell: (e) => (
      <>
        <Link href={`/portal/webhooks/${e.id}`}>{e.url}</Link>
        {e.description ? <div className={a.hint}>{e.description}</div> : null}
      </>
    ),
  },
  { id: 'mode', header: 'Mode', cell: (e) => MODE_LABEL[e.mode] },
  {
    id: 'events',
    header: 'Event types',
    cell: (e) => (e.eventTypes.includes('*') ? 'All' : e.eventTypes.map((t) => <code key={t}>{t} </code>)),
  },
  { id: 'state', header: 'State', cell: (e) => <EndpointState endpoint={e} /> },
  { id: 'failing', header: 'Failing since', cell: (e) => <Time value={e.failingSince} fallback="Not failing" /> },
  { id: 'created', header: 'Created', cell: (e) => <Time value={e.createdAt} /> },
];

export function EndpointTable({
  endpoints,
  mode,
  labelledBy,
}: {
  endpoints: EndpointView[];
  mode: 'live' | 'test';
  labelledBy: string;
}) {
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns}
      rows={endpoints}
      rowKey={(e) => e.id}
      rowAttributes={(e) => ({ 'data-endpoint-id': e.id })}
      empty={`No ${mode === 'test' ? 'sandbox' : 'live'} webhook endpoints yet.`}
      scrollable
    />
  );
}
