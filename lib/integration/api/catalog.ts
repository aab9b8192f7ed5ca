import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { withDocs } from '../openapi/endpoint-docs';
import { CategoryFieldSchema, ErpTemplateAnswer, ErpTemplateCsv, SchemaDiffAnswer } from './catalog/field-shapes';
import { CategoryList, HealthAnswer, IndustryList, MetaAnswer, SupplierPage } from './catalog/shapes';
import { PageQuery } from './common';

/** Discovery: who am I, what can be authored (industries, categories, field schemas), with whom (suppliers). */

const SchemaVersion = z.coerce.number().int().min(1).max(1_000_000);

export const getMeta = defineEndpoint({
  method: 'GET',
  path: '/api/v1/meta',
  operationId: 'getMeta',
  tag: 'Discovery',
  scope: 'any',
  summary: "The calling key's own grants and the API's public constants",
  description:
    'Only the key that calls: its scopes, mode, allowed address ranges and expiry, the limits that apply to it, ' +
    'and constants (field error codes, state names, scopes, error codes). Nothing about other keys or company secrets.',
  response: { status: 200, description: 'The key and the constants.', schema: MetaAnswer },
});

export const listIndustries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/industries',
  operationId: 'listIndustries',
  tag: 'Discovery',
  scope: 'category:read',
  summary: 'Industries the service hosts passports for',
  response: { status: 200, description: 'Every industry (one page).', schema: IndustryList },
});

export const listCategories = defineEndpoint({
  method: 'GET',
  path: '/api/v1/categories',
  operationId: 'listCategories',
  tag: 'Discovery',
  scope: 'category:read',
  summary: 'Battery categories and their field schema versions',
  response: { status: 200, description: 'Every category (one page).', schema: CategoryList },
});

export const getCategorySchema = defineEndpoint({
  method: 'GET',
  path: '/api/v1/categories/{code}/schema',
  operationId: 'getCategorySchema',
  tag: 'Field schemas',
  scope: 'schema:read',
  summary: 'The field schema of a category',
  description:
    'Every form field of the category at a schema version: type, unit, bounds, pattern, options, access tier, ' +
    'whether it is mandated for submission, and an example value. Field definitions derive from the Battery Pass ' +
    'Data Attribute Longlist v1.2 (CC BY 4.0).',
  query: z.object({ version: SchemaVersion.optional().describe('Schema version; the current one when omitted.') }),
  response: { status: 200, description: 'The field schema.', schema: CategoryFieldSchema },
  errors: ['NOT_FOUND'],
});

export const getCategorySchemaDiff = defineEndpoint({
  method: 'GET',
  path: '/api/v1/categories/{code}/diff',
  operationId: 'getCategorySchemaDiff',
  tag: 'Field schemas',
  scope: 'schema:read',
  summary: 'What changed between two field schema versions of a category',
  query: z.object({
    from: SchemaVersion.describe('The version you have.').meta({ example: 1 }),
    to: SchemaVersion.describe('The version to compare with.').meta({ example: 1 }),
  }),
  response: { status: 200, description: 'Added, removed and changed fields.', schema: SchemaDiffAnswer },
  errors: ['NOT_FOUND'],
});

export const getErpTemplate = withDocs(
  defineEndpoint({
    method: 'GET',
    path: '/api/v1/categories/{code}/erp-template',
    operationId: 'getErpTemplate',
    tag: 'Field schemas',
    scope: 'mapping:read',
    summary: 'A spreadsheet template for ERP exports of a category',
    description:
      'One column per field of the current schema, named by the field id, with an example value. ' +
      '`format=csv` answers `text/csv` (header row and one example row) as an attachment.',
    query: z.object({ format: z.enum(['json', 'csv']).default('json').describe('`json` (default) or `csv`.') }),
    response: { status: 200, description: 'The template.', schema: ErpTemplateAnswer },
    errors: ['NOT_FOUND'],
  }),
  { alternateContent: { 'text/csv': { schema: ErpTemplateCsv, description: 'With `format=csv`.' } } },
);

export const listSuppliers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/suppliers',
  operationId: 'listSuppliers',
  tag: 'Suppliers',
  scope: 'supplier:read',
  summary: 'Suppliers your company owns or is linked to',
  description: 'Ordered by name, then id. Traceability entries may reference any supplier listed here.',
  query: PageQuery,
  response: { status: 200, description: 'One page of suppliers.', schema: SupplierPage },
});

export const getHealth = withDocs(
  defineEndpoint({
    method: 'GET',
    path: '/api/v1/health',
    operationId: 'getHealth',
    tag: 'Service',
    scope: null,
    summary: 'Platform status',
    description:
      'The same answer as `/api/health`: 200 `healthy` with the build id, or 503 `degraded` naming each dependency.',
    response: { status: 200, description: 'Healthy.', schema: HealthAnswer },
  }),
  {
    otherResponses: {
      503: { description: 'Degraded: `services` names the failing dependency.', schema: HealthAnswer },
    },
  },
);

export const getOpenApiDocument = defineEndpoint({
  method: 'GET',
  path: '/api/v1/openapi.json',
  operationId: 'getOpenApiDocument',
  tag: 'Service',
  scope: null,
  summary: 'This document',
  description:
    'OpenAPI 3.1 description of the Integration API, generated from the same definitions the server enforces. ' +
    'Served with a strong ETag; send If-None-Match to revalidate.',
  response: {
    status: 200,
    description: 'The OpenAPI document.',
    schema: z.record(z.string(), z.unknown()).describe('OpenAPI 3.1.0 document.'),
  },
});

export const catalogEndpoints: Endpoint[] = [
  getHealth,
  getOpenApiDocument,
  getMeta,
  listIndustries,
  listCategories,
  getCategorySchema,
  getCategorySchemaDiff,
  getErpTemplate,
  listSuppliers,
];
