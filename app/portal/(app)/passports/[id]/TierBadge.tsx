import type { FieldDefinition } from '@/lib/schema/types';
import { TIER_LABEL } from '../labels';
import p from '../passports.module.css';

/** Restricted fields carry their tier; public ones carry nothing. */
export function TierBadge({ field }: { field: FieldDefinition }) {
  return field.access === 'public' ? null : <span className={p.tier}>{TIER_LABEL[field.access]}</span>;
}
