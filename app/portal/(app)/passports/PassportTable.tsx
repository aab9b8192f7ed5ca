import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import type { PassportListItem } from '@/lib/portal/passports/list';
import { categoryName, formatTime } from './labels';
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

const columns: Column<PassportListItem>[] = [
  { id: 'name', header: 'Name', cell: (row) => <Link href={`/portal/passports/${row.id}`}>{row.name}</Link> },
  { id: 'category', header: 'Category', cell: (row) => categoryName(row.category) },
  { id: 'state', header: 'State', cell: (row) => <StateBadge state={row.state} /> },
  { id: 'mode', header: 'Mode', cell: (row) => (row.mode === 'test' ? 'Test' : 'Live') },
  { id: 'version', header: 'Version', cell: (row) => (row.version > 0 ? row.version : '—') },
  {
    id: 'registry',
    header: 'Registry',
    cell: (row) => <RegistryCell row={row} />,
    attributes: (row) => ({ 'data-testid': 'registry', ...(row.registryError ? { title: row.registryError } : {}) }),
  },
  {
    id: 'updated',
    header: 'Updated',
    cell: (row) => <time dateTime={row.updatedAt.toISOString()}>{formatTime(row.updatedAt)}</time>,
  },
];

/** One page of the company's passports, most recently changed first. */
export function PassportTable({ items, filtered }: { items: PassportListItem[]; filtered: boolean }) {
  return (
    <DataTable
      caption="Passports, most recently changed first"
      columns={columns}
      rows={items}
      rowKey={(row) => row.id}
      rowAttributes={(row) => ({ 'data-passport': row.id })}
      empty={
        filtered
          ? 'No passport matches this search and these filters.'
          : 'No passports yet: drafts created through the Integration API appear here.'
      }
      scrollable
    />
  );
}
