import { defineEndpoint } from '../../endpoint';
import { PageQuery, page } from '../common';
import {
  CreateMappingBody,
  LintBody,
  LintReportSchema,
  MappingListQuery,
  MappingSchema,
  UpdateMappingBody,
} from './shapes';

const tag = 'ERP mappings';

export const listErpMappingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/erp-mappings',
  operationId: 'listErpMappings',
  tag,
  scope: 'mapping:read',
  summary: 'List ERP mappings',
  description:
    "The key's company's mappings by name. Mappings are configuration, shared by the company's live and sandbox keys.",
  query: PageQuery.extend(MappingListQuery),
  response: { status: 200, description: 'One page of mappings.', schema: page(MappingSchema) },
});

export const createErpMappingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/erp-mappings',
  operationId: 'createErpMapping',
  tag,
  scope: 'mapping:write',
  summary: 'Create an ERP mapping',
  description:
    "ERP column names to field ids of one category, with per-column transforms. Checked against the category's " +
    'current field schema: an unknown field id, a column named twice or a transform that cannot feed its field is ' +
    '400 VALIDATION_ERROR with one details.issues entry per column.',
  body: CreateMappingBody,
  response: { status: 201, description: 'The created mapping.', schema: MappingSchema },
  errors: ['NAME_IN_USE'],
});

export const updateErpMappingEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/erp-mappings/{id}',
  operationId: 'updateErpMapping',
  tag,
  scope: 'mapping:write',
  summary: 'Rename an ERP mapping or replace its columns',
  description:
    'columns, when given, replace the stored ones whole and are checked like a creation. The category cannot change. ' +
    'Mappings carry no lockVersion: the last write wins.',
  body: UpdateMappingBody,
  response: { status: 200, description: 'The changed mapping.', schema: MappingSchema },
  errors: ['NAME_IN_USE'],
});

export const deleteErpMappingEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/erp-mappings/{id}',
  operationId: 'deleteErpMapping',
  tag,
  scope: 'mapping:write',
  summary: 'Delete an ERP mapping',
  response: { status: 204, description: 'Deleted.' },
});

export const lintMappingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/mappings/lint',
  operationId: 'lintMapping',
  tag,
  scope: 'mapping:read',
  summary: 'Check ERP columns (and sample rows) against a category schema and a mapping',
  description:
    'Changes nothing. Reports unknown columns with the closest field ids, mandated fields no column feeds, fields ' +
    'fed twice, and sample cells that would fail validation with the field error codes (messages never repeat a cell). ' +
    "The ERP template's header and example row lint clean without a mapping. A POST because it carries a body; it is " +
    'signed and takes an Idempotency-Key like every write.',
  body: LintBody,
  response: { status: 200, description: 'The lint report.', schema: LintReportSchema },
  errors: ['NOT_FOUND'],
});
