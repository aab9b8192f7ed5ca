import type { PortalTranslator } from '@/lib/portal/i18n';
import type { FieldDefinition } from '@/lib/schema/types';

/** The words of a hint: the passport area's translator and the field's tier name as the hint writes it. */
export interface HintWords {
  /** `portalT('passport')` */
  t: PortalTranslator;
  /** The access tier's name within a sentence ("legitimate interest" in English). */
  tier: (field: FieldDefinition) => string;
}

function rule(field: FieldDefinition, t: PortalTranslator): string | null {
  const unit = field.unit ? ` ${field.unit}` : '';
  switch (field.type) {
    case 'number':
    case 'integer': {
      // Bounds as the input takes them (a decimal point in every language).
      const kind = field.type === 'integer' ? t('hint.wholeNumber') : t('hint.number');
      const min = String(field.min);
      const max = String(field.max);
      if (field.min !== undefined && field.max !== undefined) return t('hint.between', { kind, min, max, unit });
      if (field.min !== undefined) return t('hint.atLeast', { kind, min, unit });
      if (field.max !== undefined) return t('hint.atMost', { kind, max, unit });
      return field.unit ? t('hint.inUnit', { kind, unit: field.unit }) : t('hint.plain', { kind });
    }
    case 'date':
      return t('hint.date');
    case 'url':
      return t('hint.url');
    case 'country':
      return t('hint.country');
    case 'array': {
      const members = (field.items ?? [])
        .map((m) => (m.mandated ? t('hint.mandatedMember', { member: m.id }) : m.id))
        .join(', ');
      return t('hint.array', { members });
    }
    case 'string':
      // A field that states its pattern in words says that, the rule its refusal message names (the API's words).
      if (field.patternMessage)
        return `${field.patternMessage.charAt(0).toUpperCase()}${field.patternMessage.slice(1)}.`;
      return field.maxLength !== undefined ? t('hint.maxLength', { max: String(field.maxLength) }) : null;
    default:
      return null;
  }
}

/** What an operator needs to know beside an input: its access tier, whether submission needs it, its rule. */
export function fieldHint(field: FieldDefinition, { t, tier }: HintWords): string {
  return [
    field.access === 'public' ? t('hint.public') : t('hint.restricted', { tier: tier(field) }),
    field.mandated ? t('hint.mandated') : null,
    field.dynamic ? t('hint.dynamic') : null,
    rule(field, t),
  ]
    .filter(Boolean)
    .join(' ');
}
