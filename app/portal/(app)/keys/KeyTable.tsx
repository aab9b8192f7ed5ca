import Link from 'next/link';
import a from '@/app/portal/components/admin.module.css';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import type { KeyView } from '@/lib/integration/key-admin/view';
import { keyWarningText } from '@/lib/portal/admin/key-warning';
import { KeyStatusBadge } from './KeyStatusBadge';

export function KeyTable({ keys }: { keys: KeyView[] }) {
  return (
    <div className={a.wide}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Mode</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const warning = keyWarningText(key);
            return (
              <tr key={key.id} data-key-id={key.id}>
                <td>
                  <Link href={`/portal/keys/${key.id}`}>{key.name}</Link>
                </td>
                <td>
                  <code>{key.displayPrefix}…</code>
                </td>
                <td>{key.mode === 'test' ? 'Sandbox' : 'Live'}</td>
                <td>
                  {key.scopes.map((scope) => (
                    <code key={scope}>{scope} </code>
                  ))}
                </td>
                <td>
                  <Time value={key.createdAt} />
                </td>
                <td>
                  <Time value={key.lastUsedAt} fallback="Never" />
                </td>
                <td>
                  <Time value={key.expiresAt} fallback="Never" />
                </td>
                <td>
                  <KeyStatusBadge status={key.status} />
                  {key.status === 'revoked' ? (
                    <>
                      {' '}
                      <Time value={key.revokedAt} />
                    </>
                  ) : null}
                  {warning ? (
                    <>
                      {' '}
                      <span className={a.warnBadge} title={warning}>
                        {warning}
                      </span>
                    </>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
