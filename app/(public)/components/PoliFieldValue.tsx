import type { PoliRole } from '@/lib/db/generated/enums';
import type { I18n } from '@/lib/i18n/translator';
import { grantedMembers } from '@/lib/poli/restricted-fields';
import type { FieldDefinition } from '@/lib/schema/types';
import { isMissing } from '@/lib/schema/value-format';
import { ArrayTable, FieldValue } from './FieldValue';

/** A restricted field's value: scalars as on the public page, arrays with the members the grant opens. */
export function PoliFieldValue({
  field,
  value,
  role,
  i18n,
}: {
  field: FieldDefinition;
  value: unknown;
  role: PoliRole;
  i18n: I18n;
}) {
  if (field.type !== 'array' || !Array.isArray(value) || isMissing(value))
    return <FieldValue field={field} value={value} i18n={i18n} />;
  return <ArrayTable field={field} rows={value} members={grantedMembers(field, role)} i18n={i18n} />;
}
