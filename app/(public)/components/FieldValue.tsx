import type { ReactNode } from 'react';
import type { I18n } from '@/lib/i18n/translator';
import { isPublic } from '@/lib/schema/public-fields';
import type { FieldDefinition } from '@/lib/schema/types';
import { formatScalar, isMissing, safeHref } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

/**
 * How a stored value reads, on the public page and in the portal alike: "Not provided" when missing, only http(s)
 * addresses as links, a list value as the caller's table of its entries, anything else as the reader's language
 * formats it (`format`, English by default; values the manufacturer typed stay as typed).
 */
export function FormattedValue({
  field,
  value,
  missingClassName,
  entries,
  format = formatScalar,
  missing = 'Not provided',
}: {
  field: FieldDefinition;
  value: unknown;
  missingClassName: string;
  entries: (rows: unknown[]) => ReactNode;
  format?: (field: FieldDefinition, value: unknown) => string;
  missing?: string;
}) {
  if (isMissing(value)) return <span className={missingClassName}>{missing}</span>;
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
  return <span>{format(field, value)}</span>;
}

/** One field's value on the public page: a list value shows its public members only. */
export function FieldValue({ field, value, i18n }: { field: FieldDefinition; value: unknown; i18n: I18n }) {
  const members = (field.items ?? []).filter(isPublic);
  const entries = (rows: unknown[]) => <ArrayTable field={field} rows={rows} members={members} i18n={i18n} />;
  return (
    <FormattedValue
      field={field}
      value={value}
      missingClassName={styles.missing}
      entries={entries}
      format={i18n.fmt.formatScalar}
      missing={i18n.t('common.notProvided')}
    />
  );
}

/** The entries of an array field as a table of the given members (the tiers the reader may see). */
export function ArrayTable({
  field,
  rows,
  members,
  i18n,
}: {
  field: FieldDefinition;
  rows: unknown[];
  members: FieldDefinition[];
  i18n: I18n;
}) {
  if (members.length === 0) return <span>{i18n.t('common.entries', { count: rows.length })}</span>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{i18n.label(field)}</caption>
        <thead>
          <tr>
            {members.map((m) => (
              <th key={m.id} scope="col">
                {i18n.label(m, field)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the entries of one stored value, rendered once in their order
            <tr key={i}>
              {members.map((m) => (
                <td key={m.id} data-label={i18n.label(m, field)}>
                  <FieldValue field={m} value={(row as Record<string, unknown> | null)?.[m.id]} i18n={i18n} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
