// How a field's value reads on the static viewer page: the live viewer's rules (app/(public)/format.ts), which the
// static page cannot import (lib/ never imports app/), restated for plain HTML.
import type { CategorySchema, FieldDefinition, FieldGroup } from '../schema/types';
import { FIELD_GROUPS } from '../schema/types';

export const GROUP_TITLES: Record<FieldGroup, string> = {
  identity: 'Identity',
  manufacturer: 'Manufacturer',
  compliance: 'Compliance and labels',
  carbonFootprint: 'Carbon footprint',
  supplyChain: 'Supply chain due diligence',
  materials: 'Materials and chemistry',
  hazardousSubstances: 'Hazardous substances',
  recycledContent: 'Recycled content',
  performance: 'Performance and durability',
  endOfLife: 'End of life',
};

const numberFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Text for HTML content and attribute values alike. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c as '&']);

export const isMissing = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A date-only value reads as a day; a timestamp also shows the time in UTC. */
export function formatDate(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return /T\d/.test(value) ? dateTimeFormat.format(d) : dateFormat.format(d);
}

function formatCountry(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const optionLabel = (field: FieldDefinition, value: unknown) =>
  field.options?.find((o) => o.value === value)?.label ?? String(value);

/** Only http(s) addresses become links: a stored `javascript:` value must never be clickable. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

function formatScalar(field: FieldDefinition, value: unknown): string {
  switch (field.type) {
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'number':
    case 'integer':
      if (typeof value !== 'number') return String(value);
      return field.unit ? `${numberFormat.format(value)} ${field.unit}` : numberFormat.format(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : String(value);
    case 'enum':
      return optionLabel(field, value);
    case 'multi_enum':
      return Array.isArray(value) ? value.map((v) => optionLabel(field, v)).join(', ') : optionLabel(field, value);
    case 'country':
      return typeof value === 'string' ? formatCountry(value) : String(value);
    default:
      return field.unit ? `${String(value)} ${field.unit}` : String(value);
  }
}

export const isPublic = (f: FieldDefinition) => f.access === 'public';

/** A field's value as HTML: "Not provided" when missing, http(s) links only, a list as a table of public members. */
export function valueHtml(field: FieldDefinition, value: unknown): string {
  if (isMissing(value)) return '<span class="missing">Not provided</span>';
  if (field.type === 'url') {
    const href = safeHref(value);
    return href
      ? `<a href="${escapeHtml(href)}" rel="noopener nofollow">${escapeHtml(href)}</a>`
      : `<span>${escapeHtml(String(value))}</span>`;
  }
  if (field.type === 'array' && Array.isArray(value)) {
    const members = (field.items ?? []).filter(isPublic);
    if (members.length === 0) return `<span>${value.length} entries</span>`;
    const head = members.map((m) => `<th scope="col">${escapeHtml(m.label)}</th>`).join('');
    const rows = value.map((row) => {
      const cells = members.map((m) => {
        const cell = (row as Record<string, unknown> | null)?.[m.id];
        return `<td data-label="${escapeHtml(m.label)}">${valueHtml(m, cell)}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    });
    return `<table><caption>${escapeHtml(field.label)}</caption><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
  }
  return `<span>${escapeHtml(formatScalar(field, value))}</span>`;
}

// A dynamic value's time of last update lives in a field of its own (BMS telemetry writes both).
const LAST_UPDATED_OF: Record<string, string> = {
  current_soh_pct: 'soh_last_updated',
  current_cycle_count: 'cycle_count_last_updated',
};

/** The last-update field of a dynamic field, when it is public too (a restricted timestamp stays hidden). */
export function lastUpdatedFieldOf(schema: CategorySchema, field: FieldDefinition): FieldDefinition | null {
  if (!field.dynamic) return null;
  const id = LAST_UPDATED_OF[field.id] ?? 'lifetime_counter_last_updated';
  const found = schema.fields.find((f) => f.id === id);
  return found && isPublic(found) ? found : null;
}

/** Public fields only, in FIELD_GROUPS order; last-update stamps show beside their value, not as rows. */
export function publicGroups(schema: CategorySchema): { group: FieldGroup; fields: FieldDefinition[] }[] {
  return FIELD_GROUPS.map((group) => ({
    group,
    fields: schema.fields.filter((f) => f.group === group && isPublic(f) && !f.id.endsWith('_last_updated')),
  })).filter((g) => g.fields.length > 0);
}
