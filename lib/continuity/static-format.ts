// How a field's value reads on the static viewer page: the live viewer's rules (lib/schema/value-format.ts and
// lib/schema/public-fields.ts), written as plain HTML.
import { isPublic } from '../schema/public-fields';
import type { FieldDefinition } from '../schema/types';
import { formatScalar, isMissing, safeHref } from '../schema/value-format';

/** Text for HTML content and attribute values alike. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c as '&']);

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
