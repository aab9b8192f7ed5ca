import { z } from 'zod';
import { TRACEABILITY_STAGES } from '../../../passport/relations/traceability-stages';
import { isCountryCode, isHttpUrl } from '../../../schema/validate';
import { defineEndpoint } from '../../endpoint';
import { PageQuery, page, Timestamp, Uuid } from '../common';

const PATH = '/api/v1/products/{id}/traceability';

export const TraceabilityStage = z
  .enum(TRACEABILITY_STAGES)
  .describe(
    'The supply-chain step: raw_material_extraction (mining), refining, active_material_production (precursors, cathode and anode material), cell_manufacturing, module_assembly, pack_assembly, transport, recycling, or other.',
  )
  .meta({ example: 'refining' });

const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .refine(isCountryCode, 'Not an ISO 3166-1 alpha-2 country code.');

export const TraceabilityEntryBody = z
  .strictObject({
    supplierId: Uuid.nullish().describe(
      'A supplier your company owns or is linked to (GET /api/v1/suppliers); any other id is 404 SUPPLIER_NOT_ACCESSIBLE.',
    ),
    stage: TraceabilityStage,
    material: z
      .string()
      .min(1)
      .max(200)
      .nullish()
      .describe('The material handled at this step, e.g. "cobalt" or "lithium hydroxide".'),
    country: CountryCode.nullish().describe('Where the step took place: ISO 3166-1 alpha-2, in capitals.'),
    description: z.string().max(2000).nullish().describe('Free text: what happened, certifications, lot numbers.'),
    documentUrl: z
      .string()
      .max(2048)
      .refine(isHttpUrl, 'Not an absolute http(s) URL.')
      .nullish()
      .describe('Evidence for this step: an absolute http or https URL.'),
    occurredAt: z
      .union([z.iso.datetime({ offset: true }), z.iso.date()])
      .nullish()
      .describe('When the step took place: a date (YYYY-MM-DD) or an RFC 3339 date-time.'),
  })
  .describe('One supply-chain step of a draft. Unknown members are refused.')
  .meta({
    examples: [
      {
        supplierId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        stage: 'refining',
        material: 'cobalt sulphate',
        country: 'FI',
        description: 'Refined at the Kokkola plant; RMI-conformant smelter.',
        documentUrl: 'https://supplier.example.com/certificates/rmap-2026.pdf',
        occurredAt: '2026-03-14',
      },
    ],
  });

export const TraceabilityEntrySchema = z
  .object({
    id: Uuid.describe('The entry id.'),
    supplier: z
      .object({ id: Uuid.describe('Supplier id.'), name: z.string().describe('Supplier name.') })
      .nullable()
      .describe('The supplier named by the entry, or null.'),
    stage: TraceabilityStage,
    material: z.string().nullable().describe('The material handled at this step.'),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2 country of the step.'),
    description: z.string().nullable().describe('Free text.'),
    documentUrl: z.string().nullable().describe('Evidence URL.'),
    occurredAt: Timestamp.nullable().describe('When the step took place (a date is given as its midnight UTC).'),
    createdAt: Timestamp.describe('When the entry was recorded.'),
  })
  .meta({ id: 'TraceabilityEntry' });

export const listTraceabilityEndpoint = defineEndpoint({
  method: 'GET',
  path: PATH,
  operationId: 'listTraceability',
  summary: "List a product's traceability entries",
  description: 'The supply-chain steps recorded for the product, oldest first, in pages.',
  tag: 'Traceability',
  scope: 'dpp:read',
  query: PageQuery,
  response: { status: 200, description: 'One page of entries.', schema: page(TraceabilityEntrySchema) },
});

export const addTraceabilityEndpoint = defineEndpoint({
  method: 'POST',
  path: PATH,
  operationId: 'addTraceabilityEntry',
  summary: 'Add a traceability entry',
  description:
    'Records one supply-chain step of a draft. Submitted, published, withdrawn and deprecated products are frozen (409 PRODUCT_FROZEN); demo passports are read-only (422 DEMO_PRODUCT).',
  tag: 'Traceability',
  scope: 'dpp:draft:write',
  body: TraceabilityEntryBody,
  response: { status: 201, description: 'The entry recorded.', schema: TraceabilityEntrySchema },
  errors: ['SUPPLIER_NOT_ACCESSIBLE', 'PRODUCT_FROZEN', 'DEMO_PRODUCT'],
});
