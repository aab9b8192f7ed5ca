import { z } from 'zod';
import { FIELD_ERROR_CODES } from '../../../schema/types';
import { page, Timestamp, Uuid } from '../common';
import { API_STATES, PUBLIC_STATES } from '../products/schemas';

/** Answers of the discovery endpoints: meta, industries, categories, suppliers, health. */

const ModeName = z.enum(['live', 'test']).describe('live (`pk_live_` keys) or sandbox (`pk_test_` keys).');

export const MetaAnswer = z.object({
  key: z.object({
    id: Uuid,
    name: z.string().meta({ example: 'ERP production' }),
    displayPrefix: z
      .string()
      .describe('First characters of the key, to recognise it without its secret part.')
      .meta({ example: 'pk_live_7Qx2' }),
    mode: ModeName,
    scopes: z.array(z.string()).meta({ example: ['category:read', 'schema:read', 'dpp:read'] }),
    allowedCidrs: z.array(z.string()).describe('Client address ranges the key works from; empty means anywhere.'),
    expiresAt: Timestamp.nullable(),
    createdAt: Timestamp,
  }),
  limits: z.object({
    requestsPerMinute: z
      .number()
      .int()
      .describe('Per key, reads and writes together; live and sandbox counted apart.')
      .meta({ example: 100 }),
    idempotencyHours: z.number().int().describe("How long a write's answer is kept for replay.").meta({ example: 24 }),
    signatureWindow: z
      .object({
        pastSeconds: z.number().int().meta({ example: 300 }),
        futureSeconds: z.number().int().meta({ example: 60 }),
      })
      .describe('How far a signature timestamp may lag behind, or run ahead of, the server clock.'),
  }),
  constants: z.object({
    fieldErrorCodes: z.array(z.enum(FIELD_ERROR_CODES)),
    states: z.object({
      public: z.array(z.string()).meta({ example: [...PUBLIC_STATES] }),
      api: z.array(z.string()).meta({ example: [...API_STATES] }),
      mapping: z
        .record(z.string(), z.string())
        .describe('API state name to public state name.')
        .meta({ example: { APPROVED: 'published' } }),
    }),
    scopes: z
      .array(z.object({ name: z.string(), description: z.string() }))
      .describe('Scopes a normal integration key can be granted.'),
    errorCodes: z
      .array(z.object({ code: z.string(), status: z.number().int(), retryable: z.boolean() }))
      .describe('Every error code of the Integration API, its HTTP status and whether a retry may succeed.'),
  }),
});

export const Industry = z
  .object({
    id: Uuid,
    code: z.string().meta({ example: 'BATTERIES' }),
    name: z.string().meta({ example: 'Batteries' }),
    description: z.string().nullable(),
    categories: z
      .array(z.string())
      .describe('Codes of the categories of this industry.')
      .meta({ example: ['EV_BATTERY', 'LMT_BATTERY'] }),
  })
  .meta({ id: 'Industry' });

export const Category = z
  .object({
    id: Uuid,
    code: z
      .string()
      .describe('Address of the category in `/api/v1/categories/{code}/...`.')
      .meta({ example: 'EV_BATTERY' }),
    name: z.string().meta({ example: 'Electric vehicle battery' }),
    description: z.string().nullable(),
    industry: z.string().describe('Code of the industry.').meta({ example: 'BATTERIES' }),
    currentSchemaVersion: z.number().int().meta({ example: 3 }),
    schemaVersions: z
      .array(z.number().int())
      .describe('Every field schema version that can be read.')
      .meta({ example: [1, 2, 3] }),
    passportRequired: z.boolean().nullable().describe('Whether Regulation (EU) 2023/1542 Art. 77 requires a passport.'),
    regulationScope: z.string().nullable(),
  })
  .meta({ id: 'Category' });

export const Supplier = z
  .object({
    id: Uuid,
    name: z.string().meta({ example: 'Nordic Cathode Materials AB' }),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2.').meta({ example: 'SE' }),
    identifier: z.string().nullable().describe('Registration or other identifier of the supplier.'),
    contactEmail: z.string().nullable(),
    owned: z
      .boolean()
      .describe("True for your company's own supplier record; false for one shared with you by a link."),
  })
  .meta({ id: 'Supplier' });

export const IndustryList = page(Industry);
export const CategoryList = page(Category);
export const SupplierPage = page(Supplier);

export const HealthAnswer = z
  .object({
    status: z.enum(['healthy', 'degraded']),
    timestamp: Timestamp,
    build: z.string().optional().describe('Build identifier; present on 200.'),
    services: z
      .record(z.string(), z.enum(['ok', 'error']))
      .optional()
      .describe('On 503: each dependency, `ok` or `error`.'),
  })
  .meta({ id: 'Health' });
