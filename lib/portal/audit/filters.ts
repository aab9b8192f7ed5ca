import { z } from 'zod';
import type { Channel } from '../../domain/context';
import { type AuditWords, ENGLISH_AUDIT } from './english';

export const AUDIT_CHANNELS: readonly Channel[] = ['Portal', 'API', 'System'];

/** What the filter form sends, as the URL carries it: every value a string, empty means "any". */
export interface AuditFilterValues {
  event?: string;
  channel?: string;
  role?: string;
  actor?: string;
  product?: string;
  from?: string;
  to?: string;
}

export const FILTER_NAMES = [
  'event',
  'channel',
  'role',
  'actor',
  'product',
  'from',
  'to',
] as const satisfies readonly (keyof AuditFilterValues)[];

/** The filters' schema, its messages in the operator's language (`t`). */
function auditFilterSchema(t: AuditWords) {
  const text = (max: number, name: 'event' | 'role' | 'actor' | 'product') =>
    z
      .string()
      .max(max, { error: t(`problem.${name}`, { max }) })
      .optional();
  const date = (name: 'from' | 'to') => z.iso.date({ error: t(`problem.${name}`) }).optional();
  return z
    .object({
      event: text(100, 'event'),
      channel: z
        .enum(AUDIT_CHANNELS as [Channel, ...Channel[]], {
          error: t('problem.channel', { channels: AUDIT_CHANNELS.join(', ') }),
        })
        .optional(),
      role: text(50, 'role'),
      actor: text(200, 'actor'),
      product: text(200, 'product'),
      from: date('from'),
      to: date('to'),
    })
    .refine((f) => !f.from || !f.to || f.from <= f.to, {
      error: t('problem.order'),
      path: ['to'],
    });
}

export type AuditFilters = z.infer<ReturnType<typeof auditFilterSchema>>;

export type ParsedAuditFilters =
  | { ok: true; filters: AuditFilters; values: AuditFilterValues }
  | { ok: false; field: string; message: string; values: AuditFilterValues };

type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

/** The known filters of a query string, trimmed; a repeated parameter counts once (its first value). */
export function filterValues(params: SearchParams): AuditFilterValues {
  const read = (name: string) => {
    const raw = params instanceof URLSearchParams ? params.get(name) : params[name];
    const first = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    return first ? first : undefined;
  };
  return Object.fromEntries(FILTER_NAMES.map((n) => [n, read(n)]).filter(([, v]) => v !== undefined));
}

/**
 * The audit filters of a query string, or the first problem with them as a message a person can act on, in the
 * operator's language (`t`, English by default).
 */
export function parseAuditFilters(params: SearchParams, t: AuditWords = ENGLISH_AUDIT): ParsedAuditFilters {
  const values = filterValues(params);
  const parsed = auditFilterSchema(t).safeParse(values);
  if (parsed.success) return { ok: true, filters: parsed.data, values };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    field: String(issue?.path[0] ?? 'filters'),
    message: issue?.message ?? t('problem.invalid'),
    values,
  };
}

/** The query string of a set of filters (for paging links and the CSV download). */
export function filterQuery(values: AuditFilterValues, extra: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...values, ...extra })) if (value) q.set(name, value);
  return q.toString();
}
