// Evidence documents: upload (multipart built here as bytes, so the signature covers exactly what is sent), list,
// download. Types come from the generated openapi-types.ts, never from the server's modules.
import type { Page, QueryOf, Schema } from './api-types';
import { apiPath, IntegrationApiError, type Transport } from './http';
import { multipartBody } from './multipart';
import type { operations } from './openapi-types';

export type EvidenceDocument = Schema<'Document'>;

/** The metadata parts of an upload (`documentType`, `title`, `language`) as the document describes them. */
type UploadParts = operations['uploadDocument']['requestBody']['content']['multipart/form-data'];

export type UploadDocumentInput = Omit<UploadParts, 'file'> & {
  file: Uint8Array;
  fileName: string;
  /** The part's claimed type; the server ignores it and sniffs the bytes. Default application/octet-stream. */
  contentType?: string;
};

export interface DownloadedDocument {
  bytes: Uint8Array;
  headers: Headers;
}

/** A multipart/form-data body as bytes (RFC 7578): the metadata parts, then the file part. */
export function buildMultipart(input: UploadDocumentInput, boundary?: string) {
  return multipartBody(
    [
      ['documentType', input.documentType],
      ['title', input.title],
      ['language', input.language],
    ],
    { bytes: input.file, fileName: input.fileName, contentType: input.contentType },
    boundary,
  );
}

export function documentsApi(transport: Transport) {
  return {
    /** 201 with the stored document; 415 when the bytes are not an accepted type, whatever the claimed type. */
    uploadDocument(productId: string, input: UploadDocumentInput, opts: { idempotencyKey?: string } = {}) {
      const { body, contentType } = buildMultipart(input);
      return transport.call<EvidenceDocument>('POST', apiPath`/api/v1/products/${productId}/documents`, {
        rawBody: body,
        contentType,
        ...opts,
      });
    },
    listDocuments(productId: string, query: QueryOf<'listDocuments'> = {}) {
      return transport.call<Page<EvidenceDocument>>('GET', apiPath`/api/v1/products/${productId}/documents`, {
        query: { ...query },
      });
    },
    /** The exact stored bytes and the answer's headers (Content-Type, Content-Disposition, Repr-Digest, ETag). */
    async downloadDocument(id: string): Promise<DownloadedDocument> {
      const res = await transport.send<Uint8Array>('GET', apiPath`/api/v1/documents/${id}/download`, {
        responseType: 'bytes',
        headers: { Accept: '*/*' },
      });
      if (res.status >= 400) throw new IntegrationApiError(res.status, res.data, res.headers);
      return { bytes: res.data, headers: res.headers };
    },
  };
}
