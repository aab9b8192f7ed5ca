import type { FieldDefinition } from './types';

/** One property of a field that differs between two schema versions; an absent property reads as null. */
export interface PropertyChange {
  from: unknown;
  to: unknown;
}

export interface FieldChange {
  id: string;
  changes: Record<string, PropertyChange>;
}

export interface SchemaDiff {
  /** Fields only in `to`, in the order of `to`. */
  added: FieldDefinition[];
  /** Fields only in `from`, in the order of `from`. */
  removed: FieldDefinition[];
  /** Fields in both whose definitions differ, in the order of `to`. */
  changed: FieldChange[];
}

/** Deep equality of JSON values, blind to object key order (stored schemas are canonical JSON, code is not). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  return [...keys].every((k) => sameJson(ra[k] ?? null, rb[k] ?? null));
}

function propertyChanges(before: FieldDefinition, after: FieldDefinition): Record<string, PropertyChange> {
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  const names = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((n) => n !== 'id').sort();
  const changes: Record<string, PropertyChange> = {};
  for (const name of names) {
    const from = b[name] ?? null;
    const to = a[name] ?? null;
    if (!sameJson(from, to)) changes[name] = { from, to };
  }
  return changes;
}

/**
 * What an integrator must change to move from one field schema version to another: added and removed fields
 * whole, and for each kept field every property (type, bounds, options, access, mandated...) that changed.
 */
export function diffSchemaFields(from: readonly FieldDefinition[], to: readonly FieldDefinition[]): SchemaDiff {
  const before = new Map(from.map((f) => [f.id, f]));
  const after = new Set(to.map((f) => f.id));
  const added: FieldDefinition[] = [];
  const changed: FieldChange[] = [];
  for (const field of to) {
    const old = before.get(field.id);
    if (!old) {
      added.push(field);
      continue;
    }
    const changes = propertyChanges(old, field);
    if (Object.keys(changes).length > 0) changed.push({ id: field.id, changes });
  }
  const removed = from.filter((f) => !after.has(f.id));
  return { added, removed, changed };
}
