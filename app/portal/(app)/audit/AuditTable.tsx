import Link from 'next/link';
import s from '@/app/portal/portal.module.css';
import { utcTime } from '@/lib/portal/audit/context-view';
import type { AuditEntry } from '@/lib/portal/audit/query';
import c from './audit.module.css';
import { EventContext } from './EventContext';

/** One page of audit rows: when, what, who through which channel, on which passport, with the recorded context. */
export function AuditTable({ entries, emails }: { entries: AuditEntry[]; emails: Map<string, string> }) {
  return (
    <table className={s.table}>
      <caption className={c.srOnly}>Audit entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Event</th>
          <th scope="col">Actor</th>
          <th scope="col">Channel</th>
          <th scope="col">Passport</th>
          <th scope="col">Context</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} data-audit-id={e.id}>
            <td className={c.time}>
              <time dateTime={e.createdAt.toISOString()}>{utcTime(e.createdAt)}</time>
            </td>
            <td>{e.eventType}</td>
            <td>
              <span className={s.badge}>{e.actorRole}</span>
              {e.actorId ? (
                <span className={c.actorId}> {emails.get(e.actorId) ?? <code>{e.actorId}</code>}</span>
              ) : null}
            </td>
            <td>{e.eventChannel}</td>
            <td>
              {e.productId && e.product ? (
                <>
                  <Link href={`/portal/passports/${e.productId}`}>{e.product.name}</Link>
                  <span className={c.slug}>{e.product.slug}</span>
                </>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
            <td className={c.contextCell}>
              <EventContext context={e.eventContext} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
