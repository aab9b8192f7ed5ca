import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import s from '@/app/portal/portal.module.css';
import { utcTime } from '@/lib/portal/audit/context-view';
import { eventName } from '@/lib/portal/audit/event-names';
import type { AuditEntry } from '@/lib/portal/audit/query';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import c from './audit.module.css';
import { EventContext } from './EventContext';

const columns = (t: PortalTranslator, emails: Map<string, string>): Column<AuditEntry>[] => [
  {
    id: 'time',
    header: t('table.time'),
    className: c.time,
    cell: (e) => <time dateTime={e.createdAt.toISOString()}>{utcTime(e.createdAt)}</time>,
  },
  {
    id: 'event',
    header: t('table.event'),
    cell: (e) => (
      <>
        {eventName(e.eventType, t)}
        <code className={c.eventType}>{e.eventType}</code>
      </>
    ),
  },
  {
    id: 'actor',
    header: t('table.actor'),
    cell: (e) => (
      <>
        <span className={s.badge}>{e.actorRole}</span>
        {e.actorId ? <span className={c.actorId}> {emails.get(e.actorId) ?? <code>{e.actorId}</code>}</span> : null}
      </>
    ),
  },
  { id: 'channel', header: t('table.channel'), cell: (e) => e.eventChannel },
  {
    id: 'passport',
    header: t('table.passport'),
    cell: (e) =>
      e.productId && e.product ? (
        <>
          <Link href={`/portal/passports/${e.productId}`}>{e.product.name}</Link>
          <span className={c.slug}>{e.product.slug}</span>
        </>
      ) : (
        <span className="muted">—</span>
      ),
  },
  {
    id: 'context',
    header: t('table.context'),
    className: c.contextCell,
    cell: (e) => <EventContext context={e.eventContext} t={t} />,
  },
];

/** One page of audit rows: when, what, who through which channel, on which passport, with the recorded context. */
export async function AuditTable({
  entries,
  emails,
  filtered,
}: {
  entries: AuditEntry[];
  emails: Map<string, string>;
  filtered: boolean;
}) {
  const t = await portalT('audit');
  return (
    <DataTable
      caption={t('table.caption')}
      columns={columns(t, emails)}
      rows={entries}
      rowKey={(e) => e.id}
      rowAttributes={(e) => ({ 'data-audit-id': e.id })}
      empty={filtered ? t('table.emptyFiltered') : t('table.empty')}
    />
  );
}
