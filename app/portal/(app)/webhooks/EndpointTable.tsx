import Link from 'next/link';
import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { type PortalLabels, portalLabels } from '@/lib/portal/labels';
import { EndpointState, type EndpointView } from './EndpointState';

const columns = (t: PortalTranslator, l: PortalLabels): Column<EndpointView>[] => [
  {
    id: 'url',
    header: t('webhooks.column.url'),
    cell: (e) => (
      <>
        <Link href={`/portal/webhooks/${e.id}`}>{e.url}</Link>
        {e.description ? <div className={a.hint}>{e.description}</div> : null}
      </>
    ),
  },
  { id: 'mode', header: t('webhooks.column.mode'), cell: (e) => l.mode(e.mode) },
  {
    id: 'events',
    header: t('webhooks.column.eventTypes'),
    cell: (e) =>
      e.eventTypes.includes('*')
        ? t('webhooks.allEvents')
        : e.eventTypes.map((type) => <code key={type}>{type} </code>),
  },
  { id: 'state', header: t('webhooks.column.state'), cell: (e) => <EndpointState endpoint={e} /> },
  {
    id: 'failing',
    header: t('webhooks.column.failingSince'),
    cell: (e) => <Time value={e.failingSince} fallback={t('webhooks.notFailing')} />,
  },
  { id: 'created', header: t('webhooks.column.created'), cell: (e) => <Time value={e.createdAt} /> },
];

export async function EndpointTable({
  endpoints,
  mode,
  labelledBy,
}: {
  endpoints: EndpointView[];
  mode: 'live' | 'test';
  labelledBy: string;
}) {
  const t = await portalT('admin');
  const l = await portalLabels();
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns(t, l)}
      rows={endpoints}
      rowKey={(e) => e.id}
      rowAttributes={(e) => ({ 'data-endpoint-id': e.id })}
      empty={t('webhooks.empty', { mode })}
      scrollable
    />
  );
}
