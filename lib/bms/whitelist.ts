import { BMS_DYNAMIC_FIELD_IDS } from '../schema/fields/dynamic';
import type { CategorySchema } from '../schema/types';
import { validateFormData } from '../schema/validate';

const WHITELIST: ReadonlySet<string> = new Set(BMS_DYNAMIC_FIELD_IDS);
// A rejected key is echoed in the answer and the audit row; a device bug must not fill either with megabytes.
const MAX_REPORTED_KEY_LENGTH = 200;

export function isBmsWritable(key: string): boolean {
  return WHITELIST.has(key);
}

export interface SortedPatch {
  /** Whitelisted keys with values their field schema accepts, ready to merge. */
  accepted: Record<string, unknown>;
  appliedKeys: string[];
  rejectedKeys: string[];
}

const reported = (key: string) =>
  key.length > MAX_REPORTED_KEY_LENGTH ? `${key.slice(0, MAX_REPORTED_KEY_LENGTH)}…` : key;

/**
 * Splits a formDataPatch: a key is applied only when it is on the contract's whitelist, exists in the product's
 * field schema and its value passes that field's rules. Everything else is dropped and named, never written.
 * null is refused too: a BMS reports measurements; clearing one would make the public DPP fall back to the
 * published value, which is older than the last measurement.
 */
export function sortPatch(schema: CategorySchema, patch: Record<string, unknown>): SortedPatch {
  const accepted: Record<string, unknown> = Object.create(null);
  const appliedKeys: string[] = [];
  const rejectedKeys: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const ok =
      isBmsWritable(key) &&
      value !== null &&
      value !== undefined &&
      validateFormData(schema, { [key]: value }).length === 0;
    if (ok) {
      accepted[key] = value;
      appliedKeys.push(key);
    } else rejectedKeys.push(reported(key));
  }
  return { accepted: { ...accepted }, appliedKeys, rejectedKeys };
}
