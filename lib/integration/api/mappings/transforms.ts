import { z } from 'zod';
import { DATE_FORMATS, THOUSANDS_SEPARATORS } from '../../../erp/types';
import { UNIT_NAMES } from '../../../erp/units';

/** The transforms of a mapping column, one zod schema per kind, each with an example for the OpenAPI document. */

const Decimal = z.enum([',', '.']).describe('The decimal separator the ERP writes.');
const Unit = z
  .enum(UNIT_NAMES as [string, ...string[]])
  .describe('A unit of the conversion table (same dimension for from and to).');

const NumberTransform = z
  .strictObject({
    type: z.literal('number').describe("A number in the ERP's locale."),
    decimalSeparator: Decimal,
    thousandsSeparator: z
      .enum(THOUSANDS_SEPARATORS)
      .optional()
      .describe('Separator between groups of three digits, if the ERP writes one; must differ from decimalSeparator.'),
  })
  .refine((t) => t.thousandsSeparator !== t.decimalSeparator, {
    message: 'thousandsSeparator must differ from decimalSeparator.',
  })
  .meta({ examples: [{ type: 'number', decimalSeparator: ',', thousandsSeparator: '.' }] });

const PercentTransform = z
  .strictObject({
    type: z.literal('percent').describe('A percentage, answered in percent (0-100). "85 %" is always 85.'),
    scale: z
      .enum(['fraction', 'percent'])
      .describe('How a bare number is written: fraction (0.85 = 85 %) or percent (85 = 85 %).'),
    decimalSeparator: Decimal.optional().describe('The decimal separator the ERP writes (default ".").'),
  })
  .meta({ examples: [{ type: 'percent', scale: 'fraction' }] });

const UnitTransform = z
  .strictObject({
    type: z
      .literal('unit')
      .describe(
        "A number converted from the ERP's unit to the field's unit; the unit may follow the number in the cell.",
      ),
    from: Unit.describe('The unit the ERP writes.'),
    to: Unit.describe("The field's unit."),
    decimalSeparator: Decimal.optional().describe('The decimal separator the ERP writes (default ".").'),
  })
  .meta({ examples: [{ type: 'unit', from: 'Wh', to: 'kWh', decimalSeparator: ',' }] });

const DateTransform = z
  .strictObject({
    type: z.literal('date').describe('A calendar date, answered as YYYY-MM-DD.'),
    format: z
      .enum(DATE_FORMATS)
      .describe('How the ERP writes dates; excel-serial is the day number of a spreadsheet cell.'),
  })
  .meta({ examples: [{ type: 'date', format: 'DD.MM.YYYY' }] });

const EnumTransform = z
  .strictObject({
    type: z
      .literal('enum')
      .describe(
        'ERP codes to schema options (case-insensitive); unmapped values are kept and validated as they are. Applied per item of a multi_enum field.',
      ),
    map: z
      .record(z.string().min(1).max(200), z.string().min(1).max(200))
      .refine((m) => Object.keys(m).length <= 500, { message: 'At most 500 entries.' })
      .describe('ERP value → schema option value.'),
  })
  .meta({ examples: [{ type: 'enum', map: { 'Li-NMC 811': 'NMC', 'Li-Fe-PO4': 'LFP' } }] });

const Words = z.array(z.string().min(1).max(50)).min(1).max(20);
const BooleanTransform = z
  .strictObject({
    type: z
      .literal('boolean')
      .describe('Words read as true or false (case-insensitive); any other word is WRONG_TYPE.'),
    trueWords: Words.describe('Words that mean true.'),
    falseWords: Words.describe('Words that mean false.'),
  })
  .meta({ examples: [{ type: 'boolean', trueWords: ['Ja', 'J'], falseWords: ['Nein', 'N'] }] });

const TrimTransform = z
  .strictObject({
    type: z.literal('trim').describe('Leading and trailing spaces removed, then read as the field type says.'),
  })
  .meta({ examples: [{ type: 'trim' }] });
const NoneTransform = z
  .strictObject({
    type: z.literal('none').describe('The cell read as the field type says (the same as no transform).'),
  })
  .meta({ examples: [{ type: 'none' }] });

export const TransformSchema = z
  .discriminatedUnion('type', [
    NumberTransform,
    PercentTransform,
    UnitTransform,
    DateTransform,
    EnumTransform,
    BooleanTransform,
    TrimTransform,
    NoneTransform,
  ])
  .describe(
    'How the cells of the column become field values. Without one: numbers with a decimal point, true/false/1/0/yes/no, ' +
      'lists as JSON or separated by ";", entries as JSON, text as it is. An empty cell is always no value.',
  )
  .meta({
    id: 'ErpTransform',
    examples: [
      { type: 'number', decimalSeparator: ',' },
      { type: 'date', format: 'DD.MM.YYYY' },
    ],
  });

export const MappingColumnSchema = z
  .strictObject({
    column: z
      .string()
      .min(1)
      .max(200)
      .describe('The ERP column name (header cell), unique within the mapping.')
      .meta({ example: 'Nennkapazität' }),
    fieldId: z
      .string()
      .min(1)
      .max(120)
      .describe(
        'The schema field the column feeds (GET /api/v1/categories/{code}/schema), or one of the identity targets ' +
          '`serialNumber`, `batchNumber`, `gtin`, `name` (imports match rows by them; transform trim or none only).',
      ),
    transform: TransformSchema.optional(),
  })
  .meta({
    id: 'ErpMappingColumn',
    examples: [
      { column: 'Nennkapazität', fieldId: 'rated_capacity_ah', transform: { type: 'number', decimalSeparator: ',' } },
    ],
  });

export const MappingColumns = z
  .array(MappingColumnSchema)
  .min(1)
  .max(500)
  .describe('The mapped columns; a column named twice is refused.');
