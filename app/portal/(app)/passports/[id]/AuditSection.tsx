import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { type PortalLabels, portalLabels } from '@/lib/portal/labels';
import { AUDIT_ENTRIES_SHOWN, type PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';

type Entry = PassportDetail['audit'][number];

/** Event codes, roles, channels and the recorded context stay as recorded (the audit trail's own words). */
const columns = (t: PortalTranslator, l: PortalLabels): Column<Entry>[] => [
  {
    id: 'time',
    header: t('audit.time'),
    cell: (e) => <time dateTime={e.at.toISOString()}>{l.time(e.at)}</time>,
  },
  { id: 'event', header: t('audit.event'), cell: (e) => e.eventType },
  {
    id: 'actor',
    header: t('audit.actor'),
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
  { id: 'channel', header: t('audit.channel'), cell: (e) => e.channel },
  { id: 'details', header: t('audit.details'), cell: (e) => <Context pairs={e.context} /> },
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
export async function AuditSection({ detail }: { detail: PassportDetail }) {
  const t = await portalT('passport');
  const l = await portalLabels();
  return (
    <section className={p.section} aria-labelledby="audit-title" id="audit">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <p className={p.hint}>{t('audit.intro', { count: String(AUDIT_ENTRIES_SHOWN) })}</p>
      <DataTable
        caption={t('audit.caption')}
        columns={columns(t, l)}
        rows={detail.audit}
        rowKey={(e) => e.id}
        rowAttributes={(e) => ({ 'data-audit': e.eventType })}
        empty={t('audit.empty')}
        scrollable
      />
    </section>
  );
}
