// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).

import { idtaReferenceOf } from '../idta';
import type { FieldDefinition } from '../types';
import { CARBON_FOOTPRINT_FIELDS } from './carbon-footprint';
import { COMPLIANCE_FIELDS } from './compliance';
import { DYNAMIC_FIELDS } from './dynamic';
import { END_OF_LIFE_FIELDS } from './end-of-life';
import { IDENTITY_FIELDS } from './identity';
import { MATERIALS_FIELDS } from './materials';
import { PERFORMANCE_FIELDS } from './performance';
import { RECYCLED_CONTENT_FIELDS } from './recycled-content';
import type { FieldSpec } from './spec';
import { SUPPLY_CHAIN_FIELDS } from './supply-chain';

export { BMS_DYNAMIC_FIELD_IDS } from './dynamic';
export type { FieldSpec } from './spec';

/** A reference with the IDTA 02035 element of `key` (lib/schema/idta.ts) where the templates have one. */
function withIdta<T extends { reference: FieldDefinition['reference'] }>(key: string, field: T): T {
  const idta = idtaReferenceOf(key);
  return idta ? { ...field, reference: { ...field.reference, idta } } : field;
}

const withIdtaOfItems = (spec: FieldSpec): FieldSpec => {
  const items = spec.items?.map((item) => withIdta(`${spec.id}.${item.id}`, item));
  return withIdta(spec.id, items ? { ...spec, items } : spec);
};

/**
 * Every field of every category, in display order, each with its IDTA 02035 element where the templates have one;
 * categories.ts picks each category's subset.
 */
export const ALL_FIELD_SPECS: readonly FieldSpec[] = [
  ...IDENTITY_FIELDS,
  ...COMPLIANCE_FIELDS,
  ...CARBON_FOOTPRINT_FIELDS,
  ...SUPPLY_CHAIN_FIELDS,
  ...MATERIALS_FIELDS,
  ...RECYCLED_CONTENT_FIELDS,
  ...PERFORMANCE_FIELDS,
  ...DYNAMIC_FIELDS,
  ...END_OF_LIFE_FIELDS,
].map(withIdtaOfItems);
