import { EmptyState } from '@/app/portal/components/EmptyState';
import s from '@/app/portal/portal.module.css';
import { AUDIT_ENTRIES_SHOWN, type PassportDetail } from '@/lib/portal/passports/detail';
import { formatTime } from '../labels';
import p from '../passports.module.css';

/** The product's latest audit entries: who did what, through which channel, and the recorded context. */
export function AuditSection({ detail }: { detail: PassportDetail }) {
  const { audit } = detail;
  return (
    <section className={p.section} aria-labelledby="audit-title" id="audit">
      <h2 id="audit-title">Audit trail</h2>
      <p className={p.hint}>The latest {AUDIT_ENTRIES_SHOWN} entries for this passport, newest first.</p>
      {audit.length === 0 ? (
        <EmptyState>No audit entries for this passport yet.</EmptyState>
      ) : (
        <div className={p.tableWrap}>
          <table className={s.table}>
            <caption className={p.visuallyHidden}>Audit entries of this passport, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Actor</th>
                <th scope="col">Channel</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {audit.map((entry) => (
                <tr key={entry.id} data-audit={entry.eventType}>
                  <td>
                    <time dateTime={entry.at.toISOString()}>{formatTime(entry.at)}</time>
                  </td>
                  <td>{entry.eventType}</td>
                  <td>
                    {entry.actorRole}
                    {entry.actorId ? (
                      <span className={p.hint}>
                        {' '}
                        <code>{entry.actorId}</code>
                      </span>
                    ) : null}
                  </td>
                  <td>{entry.channel}</td>
                  <td>
                    {entry.context.length === 0 ? (
                      '—'
                    ) : (
                      <dl className={p.context}>
                        {entry.context.map(([key, value], i) => (
                          <div key={`${key}-${i}`} className={p.contextRow}>
                            <dt>{key}</dt>
                            <dd>{value}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
