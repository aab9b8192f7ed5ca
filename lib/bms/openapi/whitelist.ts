import { DYNAMIC_FIELDS } from '../../schema/fields/dynamic';

type JsonSchema = Record<string, unknown>;

/** One whitelisted key as JSON Schema, from the same field definition the endpoint validates against. */
function fieldSchema(field: (typeof DYNAMIC_FIELDS)[number]): JsonSchema {
  const described = `${field.label}${field.unit ? ` (${field.unit})` : ''}. Access tier: ${field.access}.${field.description ? ` ${field.description}` : ''}`;
  if (field.type === 'date') {
    return {
      type: 'string',
      description: `${described} \`YYYY-MM-DD\` or an RFC 3339 date-time with seconds and \`Z\` or an offset.`,
      anyOf: [{ format: 'date' }, { format: 'date-time' }],
      example: field.example,
    };
  }
  return {
    type: field.type === 'integer' ? 'integer' : 'number',
    description: described,
    ...(field.min === undefined ? {} : { minimum: field.min }),
    ...(field.max === undefined ? {} : { maximum: field.max }),
    example: field.example,
  };
}

/**
 * `components.schemas.FormDataPatch`: the 22 whitelisted keys with their rules. Other keys are allowed by the
 * schema (the endpoint drops and lists them rather than refusing the request), so additionalProperties stays open.
 */
export function formDataPatchSchema(): JsonSchema {
  return {
    type: 'object',
    description:
      'Dynamic form fields by field id. Only the properties listed here are ever written (the whitelist). ' +
      'Any other key, a null value, or a value outside its rules is dropped and listed in `rejectedKeys`; the request still succeeds. ' +
      'Static identity (manufacturer, model, GTIN, serial number, passport URN), certifications, CE marking, test reports, carbon footprint and recycled content never change through this endpoint.',
    properties: Object.fromEntries(DYNAMIC_FIELDS.map((f) => [f.id, fieldSchema(f)])),
    additionalProperties: true,
    'x-whitelist': DYNAMIC_FIELDS.map((f) => f.id),
    example: { current_soh_pct: 96.5, soh_last_updated: '2026-11-20T08:15:00Z', current_cycle_count: 212 },
  };
}
