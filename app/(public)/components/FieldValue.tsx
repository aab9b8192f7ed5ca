import type { ReactNode } from 'react';
import { isPublic } from '@/lib/schema/public-fields';
import type { FieldDefinition } from '@/lib/schema/types';
import { formatScalar, isMissing, safeHref } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

/**
 * How a stored value reads, on the public page and in the portal alike: "Not provided" when missing, only http(s)
 * addresses as links, a list value as the caller's table of its entries, anything else as formatScalar writes it.
 */
export function FormattedValue({
  field,
  value,
  missingClassName,
  entries,
}: {
  field: FieldDefinition;
  value: unknown;
  missingClassName: string;
  entries: (rows: unknown[]) => ReactNode;
}) {
  if (isMissing(value)) return <span className={missingClassName}>Not provided</span>;
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
  if (field.type === 'array' && Array.isArray(value)) return entries(value);
  return <span>{formatScalar(field, value)}</span>;
}

/** One field's value on the public page: a list value shows its public members only. */
export function FieldValue({ field, value }: { field: FieldDefinition; value: unknown }) {
  const members = (field.items ?? []).filter(isPublic);
  const entries = (rows: unknown[]) => <ArrayTable field={field} rows={rows} members={members} />;
  return <FormattedValue field={field} value={value} missingClassName={styles.missing} entries={entries} />;
}

/** The entries of an array field as a table of the given members (the tiers the reader may see). */
export function ArrayTable({
  field,
  rows,
  members,
}: {
  field: FieldDefinition;
  rows: unknown[];
  members: FieldDefinition[];
}) {
  if (members.length === 0) return <span>{rows.length} entries</span>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{field.label}</caption>
        <thead>
          <tr>
            {members.map((m) => (
              <th key={m.id} scope="col">
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the entries of one stored value, rendered once in their order
            <tr key={i}>
              {members.map((m) => (
                <td key={m.id} data-label={m.label}>
                  <FieldValue field={m} value={(row as Record<string, unknown> | null)?.[m.id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
