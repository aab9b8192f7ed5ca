// Field definitions made to order for the unit tests of code that reads a category schema (the viewer's formatting,
// the portal's form input, the ERP template, the schema diff): one place that knows every member a field carries.
import type { FieldDefinition } from '../lib/schema/types';

/** A public, optional, static identity field: no unit, no example, no regulation reference; `overrides` on top. */
export const testField = (
  id: string,
  type: FieldDefinition['type'],
  overrides: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  id,
  label: id,
  type,
  unit: null,
  mandated: false,
  access: 'public',
  group: 'identity',
  dynamic: false,
  example: null,
  reference: { batteryPass: [], regulation: '' },
  ...overrides,
});
