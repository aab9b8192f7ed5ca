import Link from 'next/link';
import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import type { PortalLocale } from '@/lib/i18n/portal-locales';
import type { KeyView } from '@/lib/integration/key-admin/view';
import { keyWarningText } from '@/lib/portal/admin/key-warning';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { type PortalLabels, portalLabels } from '@/lib/portal/labels';
import { KeyStatusBadge } from './KeyStatusBadge';

/** The status badge, when a revoked key was revoked, and the age or expiry warning. */
function Status({ apiKey, locale }: { apiKey: KeyView; locale: PortalLocale }) {
  const warning = keyWarningText(apiKey, new Date(), locale);
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

const columns = (t: PortalTranslator, l: PortalLabels): Column<KeyView>[] => [
  { id: 'name', header: t('keys.column.name'), cell: (key) => <Link href={`/portal/keys/${key.id}`}>{key.name}</Link> },
  { id: 'prefix', header: t('keys.column.prefix'), cell: (key) => <code>{key.displayPrefix}…</code> },
  { id: 'mode', header: t('keys.column.mode'), cell: (key) => l.mode(key.mode) },
  {
    id: 'scopes',
    header: t('keys.column.scopes'),
    cell: (key) => key.scopes.map((scope) => <code key={scope}>{scope} </code>),
  },
  { id: 'created', header: t('keys.column.created'), cell: (key) => <Time value={key.createdAt} /> },
  {
    id: 'used',
    header: t('keys.column.lastUsed'),
    cell: (key) => <Time value={key.lastUsedAt} fallback={t('keys.never')} />,
  },
  {
    id: 'expires',
    header: t('keys.column.expires'),
    cell: (key) => <Time value={key.expiresAt} fallback={t('keys.never')} />,
  },
  { id: 'status', header: t('keys.column.status'), cell: (key) => <Status apiKey={key} locale={l.locale} /> },
];

export async function KeyTable({
  keys,
  filtered,
  labelledBy,
}: {
  keys: KeyView[];
  filtered: boolean;
  labelledBy: string;
}) {
  const t = await portalT('admin');
  const l = await portalLabels();
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns(t, l)}
      rows={keys}
      rowKey={(key) => key.id}
      rowAttributes={(key) => ({ 'data-key-id': key.id })}
      empty={filtered ? t('keys.emptyFiltered') : t('keys.empty')}
      scrollable
    />
  );
}
