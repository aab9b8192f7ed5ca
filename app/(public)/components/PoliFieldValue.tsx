import type { PoliRole } from '@/lib/db/generated/enums';
import { grantedMembers } from '@/lib/poli/restricted-fields';
import type { FieldDefinition } from '@/lib/schema/types';
import { isMissing } from '@/lib/schema/value-format';
import { ArrayTable, FieldValue } from './FieldValue';

/** A restricted field's value: scalars as on the public page, arrays with the members the grant opens. */
export function PoliFieldValue({ field, value, role }: { field: FieldDefinition; value: unknown; role: PoliRole }) {
  if (field.type !== 'array' || !Array.isArray(value) || isMissing(value))
    return <FieldValue field={field} value={value} />;
  return <ArrayTable field={field} rows={value} members={grantedMembers(field, role)} />;
}
