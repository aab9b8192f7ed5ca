/** One member of an audit row's context as the trail shows it. */
export interface ContextItem {
  key: string;
  value: string;
  /** True when the value is an object or a list of objects, shown as indented JSON. */
  structured: boolean;
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * The event context as readable key/value pairs: scalars as text, lists of scalars comma-separated, anything
 * deeper as pretty JSON. A context that is not an object is one item named "value".
 */
export function contextItems(context: unknown): ContextItem[] {
  if (context === null || context === undefined) return [];
  if (typeof context !== 'object' || Array.isArray(context)) return [item('value', context)];
  return Object.entries(context as Record<string, unknown>).map(([key, value]) => item(key, value));
}

function item(key: string, value: unknown): ContextItem {
  if (value === null) return { key, value: '—', structured: false };
  if (isScalar(value)) return { key, value: String(value), structured: false };
  if (Array.isArray(value) && value.every(isScalar))
    return { key, value: value.length ? value.map(String).join(', ') : '(none)', structured: false };
  return { key, value: JSON.stringify(value, null, 2), structured: true };
}

/** A UTC timestamp the way the portal prints it: `2026-11-23 09:30:00 UTC`. */
export const utcTime = (at: Date): string => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
