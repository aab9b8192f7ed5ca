import Link from 'next/link';
import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { MODE_LABEL } from '@/app/portal/components/mode-label';
import { Time } from '@/app/portal/components/Time';
import type { KeyView } from '@/lib/integration/key-admin/view';
import { keyWarningText } from '@/lib/portal/admin/key-warning';
import { KeyStatusBadge } from './KeyStatusBadge';

/** The status badge, when a revoked key was revoked, and the age or expiry warning. */
function Status({ apiKey }: { apiKey: KeyView }) {
  const warning = keyWarningText(apiKey);
  return (
    <>
      <KeyStatusBadge status={apiKey.status} />
      {apiKey.status === 'revoked' ? (
        <>
          {' '}
          <Time value={apiKey.revokedAt} />
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
    </>
  );
}

const columns: Column<KeyView>[] = [
  { id: 'name', header: 'Name', cell: (key) => <Link href={`/portal/keys/${key.id}`}>{key.name}</Link> },
  { id: 'prefix', header: 'Prefix', cell: (key) => <code>{key.displayPrefix}…</code> },
  { id: 'mode', header: 'Mode', cell: (key) => MODE_LABEL[key.mode] },
  { id: 'scopes', header: 'Scopes', cell: (key) => key.scopes.map((scope) => <code key={scope}>{scope} </code>) },
  { id: 'created', header: 'Created', cell: (key) => <Time value={key.createdAt} /> },
  { id: 'used', header: 'Last used', cell: (key) => <Time value={key.lastUsedAt} fallback="Never" /> },
  { id: 'expires', header: 'Expires', cell: (key) => <Time value={key.expiresAt} fallback="Never" /> },
  { id: 'status', header: 'Status', cell: (key) => <Status apiKey={key} /> },
];

export function KeyTable({ keys, filtered, labelledBy }: { keys: KeyView[]; filtered: boolean; labelledBy: string }) {
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns}
      rows={keys}
      rowKey={(key) => key.id}
      rowAttributes={(key) => ({ 'data-key-id': key.id })}
      empty={filtered ? 'No keys match these filters.' : 'No API keys yet. Mint the first one below.'}
      scrollable
    />
  );
}
