import { config } from '../../../config';
import { ALLOWED_MEDIA_TYPES } from '../../../documents/sniff';
import { defineEndpoint } from '../../endpoint';
import { withDocs } from '../../openapi/endpoint-docs';
import { PageQuery, page } from '../common';
import { DocumentSchema, UploadParts } from './schemas';

const tag = 'Documents';

/** The multipart envelope (boundaries, part headers, metadata parts) on top of the largest file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const uploadDocumentEndpoint = withDocs(
  defineEndpoint({
    method: 'POST',
    path: '/api/v1/products/{id}/documents',
    operationId: 'uploadDocument',
    tag,
    scope: 'document:write',
    summary: 'Upload an evidence document',
    description:
      'multipart/form-data with one `file` part and the metadata parts `documentType`, `title` and optional ' +
      '`language`. The signature covers the entire raw multipart body. The file type is decided by its bytes (PDF, PNG, ' +
      'JPEG, WebP by magic number; CSV, JSON, XML as UTF-8 text), never by the claimed Content-Type or file name. Files ' +
      'up to 25 MiB by default (a larger body is refused before it is read in full); uploads count against the ' +
      "company's storage limit. Allowed in every product state: evidence often arrives after publication.",
    body: 'multipart',
    maxBodyBytes: () => config().DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    response: { status: 201, description: 'The stored document.', schema: DocumentSchema },
    errors: [
      'MALFORMED_BODY',
      'FILE_REQUIRED',
      'UNSUPPORTED_MEDIA_TYPE',
      'FILE_INVALID',
      'INVALID_METADATA',
      'STORAGE_LIMIT',
      'DEMO_PRODUCT',
      'UPLOAD_FAILED',
    ],
  }),
  { multipartParts: UploadParts },
);

export const listDocumentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/{id}/documents',
  operationId: 'listDocuments',
  tag,
  scope: 'dpp:read',
  summary: "List a product's documents",
  description: 'Document metadata with download URLs, oldest first.',
  query: PageQuery,
  response: { status: 200, description: 'One page of documents.', schema: page(DocumentSchema) },
});

export const downloadDocumentEndpoint = withDocs(
  defineEndpoint({
    method: 'GET',
    path: '/api/v1/documents/{id}/download',
    operationId: 'downloadDocument',
    tag,
    scope: 'dpp:read',
    summary: 'Download a document',
    description:
      'The stored bytes, with `Content-Type` (the sniffed type), `Content-Length`, `Content-Disposition: ' +
      'attachment` (RFC 6266, `filename*` for non-ASCII names), `Repr-Digest: sha-256=:<base64>:` (RFC 9530; also the ' +
      "older `Digest`) and `ETag` (the SHA-256). A document belongs to its product's mode.",
    response: { status: 200, description: 'The file.', contentType: 'application/octet-stream' },
    errors: ['NO_FILE', 'DOWNLOAD_FAILED'],
  }),
  {
    binaryContent: [...ALLOWED_MEDIA_TYPES],
    successHeaders: {
      'Content-Disposition': {
        description: '`attachment; filename="…"` plus `filename*=UTF-8\'\'…` for non-ASCII names (RFC 6266).',
        schema: { type: 'string' },
      },
      'Content-Length': { description: 'Size of the file in bytes.', schema: { type: 'integer', minimum: 1 } },
      'Repr-Digest': { description: 'RFC 9530: `sha-256=:<base64 of the SHA-256>:`.', schema: { type: 'string' } },
      Digest: {
        description: 'The same digest in the obsoleted RFC 3230 form `sha-256=<base64>`.',
        schema: { type: 'string' },
      },
      ETag: { description: 'The SHA-256 of the bytes (hex), quoted.', schema: { type: 'string' } },
    },
  },
);
