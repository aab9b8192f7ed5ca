import { z } from 'zod';
import { ACCESS_TIERS, FIELD_GROUPS, FIELD_TYPES } from '../../../schema/types';

/** A field of a category schema as the API shows it; the shapes of the schema, diff and ERP-template answers. */

const fieldMembers = {
  id: z.string().describe('Key of the field in `formData`.').meta({ example: 'rated_capacity_ah' }),
  label: z.string().meta({ example: 'Rated capacity' }),
  type: z.enum(FIELD_TYPES).describe('Value type; `array` fields hold a list of objects whose members are `items`.'),
  unit: z.string().nullable().meta({ example: 'Ah' }),
  mandated: z.boolean().describe('Required before the product can be submitted.'),
  min: z.number().nullable().describe('Lowest allowed value (numbers), or null.'),
  max: z.number().nullable().describe('Highest allowed value (numbers), or null.'),
  maxLength: z.number().int().nullable().describe('Longest text, or most list entries, or null.'),
  pattern: z.string().nullable().describe('Regular expression a text value must match, or null.'),
  options: z
    .array(z.object({ value: z.string(), label: z.string() }))
    .nullable()
    .describe('Allowed values of `enum` and `multi_enum` fields, or null.'),
  access: z.enum(ACCESS_TIERS).describe('Who may see the value: the three tiers of Battery Regulation Art. 77.'),
  group: z.enum(FIELD_GROUPS).describe('The section of the public passport the field feeds.'),
  dynamic: z.boolean().describe('May change after publication (state of health, lifetime counters).'),
  example: z.unknown().describe('A valid example value.'),
  reference: z
    .object({ batteryPass: z.array(z.number().int()), regulation: z.string() })
    .describe('Battery Pass Data Attribute Longlist attribute number(s) and the regulation provision.'),
  description: z.string().optional(),
};

export const SchemaFieldItem = z
  .object(fieldMembers)
  .describe('A member of each object of an `array` field.')
  .meta({
    id: 'SchemaFieldItem',
    example: {
      id: 'title',
      label: 'Title',
      type: 'string',
      unit: null,
      mandated: true,
      min: null,
      max: null,
      maxLength: 200,
      pattern: null,
      options: null,
      access: 'authority',
      group: 'compliance',
      dynamic: false,
      example: 'UN 38.3 transport test report',
      reference: { batteryPass: [18], regulation: 'Annex XIII (3)' },
    },
  });

export const SchemaField = z
  .object({
    ...fieldMembers,
    items: z.array(SchemaFieldItem).optional().describe('Members of each entry (array fields only).'),
    level: z
      .enum(['model', 'item'])
      .describe(
        '`model`: set on a battery model and inherited by its items; `item`: per unit, set on items only (a model ' +
          'refuses it with WRONG_LEVEL). Schema versions before levels read as `model`.',
      ),
    overridable: z
      .boolean()
      .describe(
        'Whether an item may override the value its model sets (always true for item-level fields; a refusal is ' +
          'WRONG_LEVEL).',
      ),
  })
  .describe('One field of a category field schema.')
  .meta({
    id: 'SchemaField',
    example: {
      id: 'rated_capacity_ah',
      label: 'Rated capacity',
      type: 'number',
      unit: 'Ah',
      mandated: true,
      min: 0,
      max: 1000000,
      maxLength: null,
      pattern: null,
      options: null,
      access: 'public',
      group: 'performance',
      dynamic: false,
      level: 'model',
      overridable: true,
      example: 188,
      reference: { batteryPass: [52], regulation: 'Annex XIII (1)(g); Annex IV Part A (1)' },
    },
  });

export const CategoryFieldSchema = z.object({
  category: z.string().meta({ example: 'EV_BATTERY' }),
  version: z.number().int().meta({ example: 3 }),
  currentVersion: z.number().int().describe('The version new products are created with.').meta({ example: 3 }),
  attribution: z.string().describe('Source and licence of the field definitions.').meta({
    example:
      'Field definitions derived from the Battery Pass consortium, Data Attribute Longlist v1.2, licensed CC BY 4.0.',
  }),
  fields: z.array(SchemaField),
});

const PropertyChange = z
  .object({ from: z.unknown(), to: z.unknown() })
  .describe('Old and new value; null where absent.');

export const SchemaDiffAnswer = z.object({
  category: z.string().meta({ example: 'EV_BATTERY' }),
  from: z.number().int().meta({ example: 1 }),
  to: z.number().int().meta({ example: 2 }),
  added: z.array(SchemaField).describe('Fields only in `to`.'),
  removed: z.array(SchemaField).describe('Fields only in `from`.'),
  changed: z
    .array(z.object({ id: z.string(), changes: z.record(z.string(), PropertyChange) }))
    .describe('Fields in both versions, each with the properties that differ.')
    .meta({ example: [{ id: 'rated_capacity_ah', changes: { max: { from: 5000, to: 10000 } } }] }),
});

export const ErpTemplateAnswer = z.object({
  category: z.string().meta({ example: 'EV_BATTERY' }),
  schemaVersion: z.number().int().meta({ example: 3 }),
  columns: z.array(
    z
      .object({
        column: z.string().describe('Column header the ERP export should use (the field id).'),
        fieldId: z.string(),
        label: z.string(),
        type: z.enum(FIELD_TYPES),
        unit: z.string().nullable(),
        mandated: z.boolean(),
        example: z.unknown().describe('Example value; lists and objects go into a CSV cell as JSON.'),
      })
      .meta({
        example: {
          column: 'rated_capacity_ah',
          fieldId: 'rated_capacity_ah',
          label: 'Rated capacity',
          type: 'number',
          unit: 'Ah',
          mandated: true,
          example: 188,
        },
      }),
  ),
});

export const ErpTemplateCsv = z
  .string()
  .describe('RFC 4180 CSV: a header row of field ids and one example row, CRLF line breaks.')
  .meta({ example: 'manufacturer_name,rated_capacity_ah\r\nVoltaris Battery Systems GmbH,120\r\n' });
