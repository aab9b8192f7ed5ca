import { portalLabels } from '@/lib/portal/labels';
import type { FieldDefinition } from '@/lib/schema/types';
import p from '../passports.module.css';

/** Restricted fields carry their tier; public ones carry nothing. */
export async function TierBadge({ field }: { field: FieldDefinition }) {
  if (field.access === 'public') return null;
  const l = await portalLabels();
  return <span className={p.tier}>{l.tier(field.access)}</span>;
}
