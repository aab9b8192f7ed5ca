import type { FieldDefinition } from '@/lib/schema/types';
import { TIER_LABEL } from '../labels';

function rule(field: FieldDefinition): string | null {
  const unit = field.unit ? ` ${field.unit}` : '';
  switch (field.type) {
    case 'number':
    case 'integer': {
      const kind = field.type === 'integer' ? 'A whole number' : 'A number';
      if (field.min !== undefined && field.max !== undefined)
        return `${kind} between ${field.min} and ${field.max}${unit}.`;
      if (field.min !== undefined) return `${kind}, at least ${field.min}${unit}.`;
      return field.max !== undefined ? `${kind}, at most ${field.max}${unit}.` : `${kind}${unit ? ` in${unit}` : ''}.`;
    }
    case 'date':
      return 'A date YYYY-MM-DD, or an ISO 8601 date-time with seconds and Z or an offset.';
    case 'url':
      return 'An absolute http or https address.';
    case 'country':
      return 'An ISO 3166-1 alpha-2 country code in capitals, such as DE.';
    case 'array':
      return `A JSON list of entries with the members: ${(field.items ?? []).map((m) => `${m.id}${m.mandated ? ' (mandated)' : ''}`).join(', ')}.`;
    case 'string':
      // A field that states its pattern in words says that, the rule its refusal message names.
      if (field.patternMessage)
        return `${field.patternMessage.charAt(0).toUpperCase()}${field.patternMessage.slice(1)}.`;
      return field.maxLength !== undefined ? `Text of at most ${field.maxLength} characters.` : null;
    default:
      return null;
  }
}

/** What an operator needs to know beside an input: its access tier, whether submission needs it, its rule. */
export function fieldHint(field: FieldDefinition): string {
  const tier = field.access === 'public' ? 'Public.' : `Restricted: ${TIER_LABEL[field.access].toLowerCase()} tier.`;
  return [
    tier,
    field.mandated ? 'Mandated for submission.' : null,
    field.dynamic ? 'Dynamic (may change after publication).' : null,
    rule(field),
  ]
    .filter(Boolean)
    .join(' ');
}
