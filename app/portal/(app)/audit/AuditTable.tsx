import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import s from '@/app/portal/portal.module.css';
import { utcTime } from '@/lib/portal/audit/context-view';
import { eventName } from '@/lib/portal/audit/event-names';
import type { AuditEntry } from '@/lib/portal/audit/query';
import c from './audit.module.css';
import { EventContext } from './EventContext';

const columns = (emails: Map<string, string>): Column<AuditEntry>[] => [
  {
    id: 'time',
    header: 'Time',
    className: c.time,
    cell: (e) => <time dateTime={e.createdAt.toISOString()}>{utcTime(e.createdAt)}</time>,
  },
  {
    id: 'event',
    header: 'Event',
    cell: (e) => (
      <>
        {eventName(e.eventType)}
        <code className={c.eventType}>{e.eventType}</code>
      </>
    ),
  },
  {
    id: 'actor',
    header: 'Actor',
    cell: (e) => (
      <>
        <span className={s.badge}>{e.actorRole}</span>
        {e.actorId ? <span className={c.actorId}> {emails.get(e.actorId) ?? <code>{e.actorId}</code>}</span> : null}
      </>
    ),
  },
  { id: 'channel', header: 'Channel', cell: (e) => e.eventChannel },
  {
    id: 'passport',
    header: 'Passport',
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
    header: 'Context',
    className: c.contextCell,
    cell: (e) => <EventContext context={e.eventContext} />,
  },
];

/** One page of audit rows: when, what, who through which channel, on which passport, with the recorded context. */
export function AuditTable({
  entries,
  emails,
  filtered,
}: {
  entries: AuditEntry[];
  emails: Map<string, string>;
  filtered: boolean;
}) {
  return (
    <DataTable
      caption="Audit entries, newest first"
      columns={columns(emails)}
      rows={entries}
      rowKey={(e) => e.id}
      rowAttributes={(e) => ({ 'data-audit-id': e.id })}
      empty={filtered ? 'No audit entries match these filters.' : 'No audit entries yet.'}
    />
  );
}
