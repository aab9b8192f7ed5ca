import { config } from '../../../config';
import { defineEndpoint } from '../../endpoint';
import { withDocs } from '../../openapi/endpoint-docs';
import { PageQuery, page } from '../common';
import { ImportErrorSchema, ImportSchema, ImportUploadParts } from './schemas';

const tag = 'Imports';

/** The multipart envelope (boundaries, part headers, the text parts) on top of the largest file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const createImportEndpoint = withDocs(
  defineEndpoint({
    method: 'POST',
    path: '/api/v1/imports',
    operationId: 'createImport',
    tag,
    scope: 'import:write',
    summary: 'Import an ERP file',
    description:
      'multipart/form-data with one `file` part (CSV, XLSX or JSON Lines, judged by its bytes) and `mappingId` (an ERP ' +
      "mapping of the key's company; JSON Lines may leave it out and use field ids with `categoryCode`), optional " +
      '`modelId`. The signature covers the entire raw multipart body. Before anything is stored the header row is ' +
      'checked against the mapping: a mapped column missing is 422 IMPORT_UNREADABLE (details.missingColumns); ' +
      'columns the mapping does not name are reported once as UNKNOWN_COLUMN errors on row 1 and ignored. Answers 202 ' +
      'with the queued import; rows are written in the background, each in its own transaction. Files up to 25 MiB ' +
      'by default (a larger body is refused before it is read in full).',
    body: 'multipart',
    maxBodyBytes: () => config().IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    response: { status: 202, description: 'The queued import; poll its Location.', schema: ImportSchema },
    errors: [
      'MALFORMED_BODY',
      'FILE_REQUIRED',
      'VALIDATION_ERROR',
      'UNSUPPORTED_MEDIA_TYPE',
      'FILE_INVALID',
      'IMPORT_UNREADABLE',
      'MODEL_INVALID',
      'UPLOAD_FAILED',
    ],
  }),
  {
    multipartParts: ImportUploadParts,
    successHeaders: {
      Location: { description: 'The import: `/api/v1/imports/{id}`.', schema: { type: 'string' } },
    },
  },
);

export const getImportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/imports/{id}',
  operationId: 'getImport',
  tag,
  scope: 'import:read',
  summary: 'Read an import',
  description:
    "Status, row counters (total, processed, created, updated, unchanged, failed), timings and submission. An import belongs to its key's mode.",
  response: { status: 200, description: 'The import.', schema: ImportSchema },
});

export const listImportErrorsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/imports/{id}/errors',
  operationId: 'listImportErrors',
  tag,
  scope: 'import:read',
  summary: "List an import's row errors",
  description:
    'By row number: row, column, field id, code and message (the codes of form-data validation and a few of imports).',
  query: PageQuery,
  response: { status: 200, description: 'One page of row errors.', schema: page(ImportErrorSchema) },
});

export const cancelImportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/imports/{id}/cancel',
  operationId: 'cancelImport',
  tag,
  scope: 'import:write',
  summary: 'Cancel an import',
  description:
    'No body. A queued import is cancelled at once; a running one stops between two rows (rows done stay done). A ' +
    'finished import is 409 INVALID_STATE.',
  body: 'none',
  response: { status: 200, description: 'The import, cancelled or asked to stop.', schema: ImportSchema },
  errors: ['INVALID_STATE'],
});

export const submitImportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/imports/{id}/submit',
  operationId: 'submitImport',
  tag,
  scope: 'import:write',
  summary: "Submit an import's drafts for review",
  description:
    'No body. Every draft a completed import created or updated is submitted for review in the background, one ' +
    'transaction each; drafts missing mandated fields stay drafts. `submission` in the import shows the counts, and ' +
    '`finishedAt` once done. An import not completed, or already submitted, is 409 INVALID_STATE.',
  body: 'none',
  response: { status: 202, description: 'The import, its submission under way.', schema: ImportSchema },
  errors: ['INVALID_STATE'],
});
