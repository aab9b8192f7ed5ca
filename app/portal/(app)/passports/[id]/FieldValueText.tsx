import { formatScalar, isMissing, safeHref } from '@/app/(public)/format';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import type { FieldDefinition } from '@/lib/schema/types';
import p from '../passports.module.css';

/** A stored value read-only, formatted as the public viewer formats it; list entries show every member. */
export function FieldValueText({ field, value }: { field: FieldDefinition; value: unknown }) {
  if (isMissing(value)) return <span className={p.missing}>Not provided</span>;
  if (field.type === 'url') {
    const href = safeHref(value);
    return href ? (
      <a href={href} rel="noopener nofollow">
        {href}
      </a>
    ) : (
      <span>{String(value)}</span>
    );
  }
  if (field.type === 'array' && Array.isArray(value)) return <Entries field={field} rows={value} />;
  return <span>{formatScalar(field, value)}</span>;
}

type Entry = Record<string, unknown> | null;

/** A list value as a table: one column per member of the list's entries. */
function Entries({ field, rows }: { field: FieldDefinition; rows: unknown[] }) {
  const columns: Column<Entry>[] = (field.items ?? []).map((m) => ({
    id: m.id,
    header: m.label,
    cell: (row) => <FieldValueText field={m} value={row?.[m.id]} />,
  }));
  return (
    <DataTable caption={field.label} columns={columns} rows={rows as Entry[]} rowKey={(_, i) => i} compact scrollable />
  );
}
