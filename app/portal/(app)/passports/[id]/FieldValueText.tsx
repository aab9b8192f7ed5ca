import { FormattedValue } from '@/app/(public)/components/FieldValue';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import type { FieldDefinition } from '@/lib/schema/types';
import p from '../passports.module.css';

/** A stored value read-only, formatted as the public viewer formats it; list entries show every member. */
export function FieldValueText({ field, value }: { field: FieldDefinition; value: unknown }) {
  const entries = (rows: unknown[]) => <Entries field={field} rows={rows} />;
  return <FormattedValue field={field} value={value} missingClassName={p.missing} entries={entries} />;
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
