import { z } from 'zod';
import { MAX_SAMPLE_ERRORS } from '../../../erp/lint';
import { CategoryCode, FieldErrorSchema, Timestamp, Uuid } from '../common';
import { MappingColumns } from './transforms';

const Name = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('Unique per company.')
  .meta({ example: 'SAP S/4 battery export' });

const EXAMPLE_COLUMNS = [
  { column: 'Modell', fieldId: 'model_number', transform: { type: 'trim' } },
  {
    column: 'Nennkapazität',
    fieldId: 'rated_capacity_ah',
    transform: { type: 'number', decimalSeparator: ',', thousandsSeparator: '.' },
  },
  { column: 'Energie (Wh)', fieldId: 'rated_energy_kwh', transform: { type: 'unit', from: 'Wh', to: 'kWh' } },
  { column: 'Herstelldatum', fieldId: 'manufacturing_date', transform: { type: 'date', format: 'DD.MM.YYYY' } },
  { column: 'Zellchemie', fieldId: 'battery_chemistry', transform: { type: 'enum', map: { 'Li-NMC 811': 'NMC' } } },
];

export const CreateMappingBody = z
  .strictObject({
    name: Name,
    categoryCode: CategoryCode,
    columns: MappingColumns,
  })
  .meta({ examples: [{ name: 'SAP S/4 battery export', categoryCode: 'EV_BATTERY', columns: EXAMPLE_COLUMNS }] });

export const UpdateMappingBody = z
  .strictObject({
    name: Name.optional(),
    columns: MappingColumns.optional().describe('Replaces the columns whole.'),
  })
  .refine((b) => b.name !== undefined || b.columns !== undefined, { message: 'Name at least one member to change.' })
  .meta({ examples: [{ name: 'SAP S/4 battery export (2027)', columns: EXAMPLE_COLUMNS.slice(0, 2) }] });

export const MappingSchema = z
  .object({
    id: Uuid,
    name: z.string().describe('Unique per company.'),
    categoryCode: z.string().describe('The category whose schema the fieldIds belong to.'),
    columns: MappingColumns,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'ErpMapping' });

export const MappingListQuery = {
  category: z
    .string()
    .max(64)
    .optional()
    .describe('Only mappings of this category code.')
    .meta({ example: 'EV_BATTERY' }),
};

export const MAX_SAMPLE_ROWS = 200;

export const LintBody = z
  .strictObject({
    categoryCode: CategoryCode,
    schemaVersion: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("The schema version to lint against; the category's current one when omitted."),
    columns: z.array(z.string().max(200)).min(1).max(500).describe('The header row of the ERP export.'),
    mappingId: Uuid.optional().describe(
      'A stored mapping of the same category; without mappingId or mapping, columns must be field ids (the ERP template header).',
    ),
    mapping: MappingColumns.optional().describe(
      'An inline mapping, checked like a stored one; not together with mappingId.',
    ),
    sampleRows: z
      .array(z.array(z.string().max(10_000)).max(500))
      .max(MAX_SAMPLE_ROWS)
      .optional()
      .describe(
        `Up to ${MAX_SAMPLE_ROWS} data rows, cells in header order; missing cells count as empty. Never stored, never echoed.`,
      ),
  })
  .refine((b) => !(b.mappingId && b.mapping), { message: 'Give mappingId or mapping, not both.', path: ['mapping'] })
  .meta({
    examples: [
      {
        categoryCode: 'EV_BATTERY',
        columns: ['Modell', 'Nennkapazität', 'battery_chemestry'],
        mapping: [
          { column: 'Modell', fieldId: 'model_number' },
          {
            column: 'Nennkapazität',
            fieldId: 'rated_capacity_ah',
            transform: { type: 'number', decimalSeparator: ',' },
          },
        ],
        sampleRows: [['VX-NMC811-75', '188,5', 'NMC']],
      },
    ],
  });

export const LintReportSchema = z
  .object({
    ok: z.boolean().describe('True when every list below is empty.'),
    unknownColumns: z
      .array(
        z.object({
          column: z.string().describe('A header cell that feeds no field.'),
          suggestions: z.array(z.string()).describe('Up to three closest field ids, best first.'),
        }),
      )
      .describe('Columns neither the mapping nor the schema knows.'),
    unmappedMandatedFields: z
      .array(z.object({ field_id: z.string(), label: z.string() }))
      .describe('Mandated fields that no column feeds.'),
    duplicateTargets: z
      .array(z.object({ fieldId: z.string(), columns: z.array(z.string()) }))
      .describe('Fields fed by more than one column.'),
    sampleErrors: z
      .array(
        FieldErrorSchema.omit({ label: true }).extend({
          row: z.number().int().describe('1 is the first sample row.'),
          column: z.string(),
        }),
      )
      .describe(
        `Sample cells that would fail validation, with the field error codes; at most ${MAX_SAMPLE_ERRORS}. The message never contains the cell.`,
      ),
    sampleErrorsTruncated: z.boolean().describe(`True when more than ${MAX_SAMPLE_ERRORS} sample errors were found.`),
  })
  .meta({ id: 'ErpMappingLint' });
