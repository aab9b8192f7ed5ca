import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import type { PassportListItem } from '@/lib/portal/passports/list';
import p from './passports.module.css';
import { RegistryBadge } from './RegistryBadge';
import { StateBadge } from './StateBadge';

const ERROR_SHOWN = 80;
const clip = (text: string) => (text.length > ERROR_SHOWN ? `${text.slice(0, ERROR_SHOWN - 1)}…` : text);

/** The registration's state; a failed one says why in a line (the cell's title holds the whole error). */
function RegistryCell({ row }: { row: PassportListItem }) {
  return (
    <>
      <RegistryBadge state={row.registry} dash />
      {row.registry === 'failed' && row.registryError ? (
        <span className={p.registryError}>{clip(row.registryError)}</span>
      ) : null}
    </>
  );
}

/** One page of the company's passports, most recently changed first. */
export async function PassportTable({ items, filtered }: { items: PassportListItem[]; filtered: boolean }) {
  const [t, l] = await Promise.all([portalT('passports'), portalLabels()]);
  const columns: Column<PassportListItem>[] = [
    {
      id: 'name',
      header: t('list.column.name'),
      cell: (row) => <Link href={`/portal/passports/${row.id}`}>{row.name}</Link>,
    },
    { id: 'category', header: t('list.column.category'), cell: (row) => l.category(row.category) },
    { id: 'state', header: t('list.column.state'), cell: (row) => <StateBadge state={row.state} /> },
    {
      id: 'mode',
      header: t('list.column.mode'),
      cell: (row) => (row.mode === 'test' ? t('list.modeTest') : t('list.modeLive')),
    },
    { id: 'version', header: t('list.column.version'), cell: (row) => (row.version > 0 ? row.version : '—') },
    {
      id: 'registry',
      header: t('list.column.registry'),
      cell: (row) => <RegistryCell row={row} />,
      attributes: (row) => ({ 'data-testid': 'registry', ...(row.registryError ? { title: row.registryError } : {}) }),
    },
    {
      id: 'updated',
      header: t('list.column.updated'),
      cell: (row) => <time dateTime={row.updatedAt.toISOString()}>{l.time(row.updatedAt)}</time>,
    },
  ];
  return (
    <DataTable
      caption={t('list.caption')}
      columns={columns}
      rows={items}
      rowKey={(row) => row.id}
      rowAttributes={(row) => ({ 'data-passport': row.id })}
      empty={filtered ? t('list.emptyFiltered') : t('list.empty')}
      scrollable
    />
  );
}
