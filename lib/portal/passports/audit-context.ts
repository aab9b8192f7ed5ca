import type { AuditLog } from '../../db/generated/client';

export interface AuditEntryView {
  id: string;
  eventType: string;
  actorRole: string;
  actorId: string | null;
  channel: string;
  at: Date;
  /** The event's context as readable key/value pairs, nested members under dotted keys. */
  context: [string, string][];
}

const MAX_VALUE_LENGTH = 200;
const MAX_PAIRS = 30;

const clip = (text: string) => (text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text);

function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value.every((v) => v === null || typeof v !== 'object') ? value.map(text).join(', ') : JSON.stringify(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function flatten(value: unknown, prefix: string, out: [string, string][]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out.push([prefix || 'value', clip(text(value))]);
}

/** An audit row's context as key/value pairs an operator can read, bounded so one large entry stays readable. */
export function readableContext(context: unknown): [string, string][] {
  const pairs: [string, string][] = [];
  if (context === null || context === undefined) return pairs;
  flatten(context, '', pairs);
  if (pairs.length <= MAX_PAIRS) return pairs;
  return [...pairs.slice(0, MAX_PAIRS), ['…', `${pairs.length - MAX_PAIRS} more`]];
}

export function auditEntryView(row: AuditLog): AuditEntryView {
  return {
    id: row.id,
    eventType: row.eventType,
    actorRole: row.actorRole,
    actorId: row.actorId,
    channel: row.eventChannel,
    at: row.createdAt,
    context: readableContext(row.eventContext),
  };
}
