import { FormattedValue } from '@/app/(public)/components/FieldValue';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { portalI18n } from '@/lib/portal/i18n';
import type { FieldDefinition } from '@/lib/schema/types';
import p from '../passports.module.css';

/**
 * A stored value read-only, formatted as the public viewer formats it in the operator's language; list entries show
 * every member. `parent` is the list a member's value belongs to.
 */
export async function FieldValueText({
  field,
  value,
  parent,
}: {
  field: FieldDefinition;
  value: unknown;
  parent?: FieldDefinition;
}) {
  const i18n = await portalI18n();
  const entries = (rows: unknown[]) => <Entries field={field} rows={rows} parent={parent} />;
  return (
    <FormattedValue
      field={field}
      value={value}
      missingClassName={p.missing}
      entries={entries}
      format={i18n.fmt.formatScalar}
      missing={i18n.t('common.notProvided')}
    />
  );
}

type Entry = Record<string, unknown> | null;

/** A list value as a table: one column per member of the list's entries. */
async function Entries({ field, rows, parent }: { field: FieldDefinition; rows: unknown[]; parent?: FieldDefinition }) {
  const i18n = await portalI18n();
  const columns: Column<Entry>[] = (field.items ?? []).map((m) => ({
    id: m.id,
    header: i18n.label(m, field),
    cell: (row) => <FieldValueText field={m} value={row?.[m.id]} parent={field} />,
  }));
  return (
    <DataTable
      caption={i18n.label(field, parent)}
      columns={columns}
      rows={rows as Entry[]}
      rowKey={(_, i) => i}
      compact
      scrollable
    />
  );
}
