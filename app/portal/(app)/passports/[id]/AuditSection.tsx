import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { AUDIT_ENTRIES_SHOWN, type PassportDetail } from '@/lib/portal/passports/detail';
import { formatTime } from '../labels';
import p from '../passports.module.css';

type Entry = PassportDetail['audit'][number];

const columns: Column<Entry>[] = [
  { id: 'time', header: 'Time', cell: (e) => <time dateTime={e.at.toISOString()}>{formatTime(e.at)}</time> },
  { id: 'event', header: 'Event', cell: (e) => e.eventType },
  {
    id: 'actor',
    header: 'Actor',
    cell: (e) => (
      <>
        {e.actorRole}
        {e.actorId ? (
          <span className={p.hint}>
            {' '}
            <code>{e.actorId}</code>
          </span>
        ) : null}
      </>
    ),
  },
  { id: 'channel', header: 'Channel', cell: (e) => e.channel },
  { id: 'details', header: 'Details', cell: (e) => <Context pairs={e.context} /> },
];

function Context({ pairs }: { pairs: Entry['context'] }) {
  if (pairs.length === 0) return '—';
  return (
    <dl className={p.context}>
      {pairs.map(([key, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an audit row's context, rendered once in its order
        <div key={`${key}-${i}`} className={p.contextRow}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The product's latest audit entries: who did what, through which channel, and the recorded context. */
export function AuditSection({ detail }: { detail: PassportDetail }) {
  return (
    <section className={p.section} aria-labelledby="audit-title" id="audit">
      <h2 id="audit-title">Audit trail</h2>
      <p className={p.hint}>The latest {AUDIT_ENTRIES_SHOWN} entries for this passport, newest first.</p>
      <DataTable
        caption="Audit entries of this passport, newest first"
        columns={columns}
        rows={detail.audit}
        rowKey={(e) => e.id}
        rowAttributes={(e) => ({ 'data-audit': e.eventType })}
        empty="No audit entries for this passport yet."
        scrollable
      />
    </section>
  );
}
