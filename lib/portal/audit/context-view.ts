import { type AuditWords, ENGLISH_AUDIT } from './english';

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
 * deeper as pretty JSON. A context that is not an object is one item named "value". An empty list reads "(none)" in
 * the operator's language (`t`, English by default).
 */
export function contextItems(context: unknown, t: AuditWords = ENGLISH_AUDIT): ContextItem[] {
  if (context === null || context === undefined) return [];
  if (typeof context !== 'object' || Array.isArray(context)) return [item('value', context, t)];
  return Object.entries(context as Record<string, unknown>).map(([key, value]) => item(key, value, t));
}

function item(key: string, value: unknown, t: AuditWords): ContextItem {
  if (value === null) return { key, value: '—', structured: false };
  if (isScalar(value)) return { key, value: String(value), structured: false };
  if (Array.isArray(value) && value.every(isScalar))
    return { key, value: value.length ? value.map(String).join(', ') : t('context.none'), structured: false };
  return { key, value: JSON.stringify(value, null, 2), structured: true };
}

const SUMMARY_ITEMS = 3;
const SUMMARY_VALUE_CHARS = 40;

/**
 * The one line a trail row shows of its context: up to three `key: value` pairs of plain values, long values cut,
 * and how many more there are (in the operator's language, `t`); the whole context is one click away.
 */
export function contextSummary(items: ContextItem[], t: AuditWords = ENGLISH_AUDIT): string {
  const plain = items.filter((i) => !i.structured);
  const shown = plain.slice(0, SUMMARY_ITEMS).map((i) => {
    const value = i.value.length > SUMMARY_VALUE_CHARS ? `${i.value.slice(0, SUMMARY_VALUE_CHARS - 1)}…` : i.value;
    return `${i.key}: ${value}`;
  });
  const more = items.length - shown.length;
  if (more > 0) shown.push(t('context.more', { count: more }));
  return shown.join(' · ');
}

/** A UTC timestamp the way the portal prints it: `2026-11-23 09:30:00 UTC`. */
export const utcTime = (at: Date): string => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
