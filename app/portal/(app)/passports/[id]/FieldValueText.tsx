import { formatScalar, isMissing, safeHref } from '@/app/(public)/format';
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

function Entries({ field, rows }: { field: FieldDefinition; rows: unknown[] }) {
  const members = field.items ?? [];
  return (
    <div className={p.tableWrap}>
      <table className={p.entries}>
        <caption className={p.visuallyHidden}>{field.label}</caption>
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
            <tr key={i}>
              {members.map((m) => (
                <td key={m.id}>
                  <FieldValueText field={m} value={(row as Record<string, unknown> | null)?.[m.id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
