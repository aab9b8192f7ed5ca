// Evidence documents: upload (multipart built here as bytes, so the signature covers exactly what is sent), list,
// download. Types written from the contract and the OpenAPI document, never imported from the server.
import { IntegrationApiError, type Transport } from './http';
import type { Page } from './products';

export type DocumentType =
  | 'declaration_of_conformity'
  | 'test_report'
  | 'safety_data_sheet'
  | 'carbon_footprint_study'
  | 'recycled_content_evidence'
  | 'due_diligence_report'
  | 'user_manual'
  | 'other';

export interface EvidenceDocument {
  id: string;
  productId: string;
  documentType: DocumentType;
  title: string;
  language: string | null;
  fileName: string;
  /** Decided by the server from the bytes. */
  contentType: string;
  byteLength: number;
  sha256: string;
  createdAt: string;
  downloadUrl: string;
}

export interface UploadDocumentInput {
  file: Uint8Array;
  fileName: string;
  /** The part's claimed type; the server ignores it and sniffs the bytes. Default application/octet-stream. */
  contentType?: string;
  documentType: DocumentType;
  title: string;
  language?: string;
}

export interface DownloadedDocument {
  bytes: Uint8Array;
  headers: Headers;
}

const encoder = new TextEncoder();
const quoted = (value: string) => value.replace(/[\r\n"\\]/g, (c) => (c === '"' ? '%22' : c === '\\' ? '\\\\' : ' '));

/** A multipart/form-data body as bytes (RFC 7578): the metadata parts, then the file part. */
export function buildMultipart(
  input: UploadDocumentInput,
  boundary = `----bps${crypto.randomUUID().replace(/-/g, '')}`,
) {
  const chunks: Uint8Array[] = [];
  const text = (s: string) => chunks.push(encoder.encode(s));
  const fields: [string, string | undefined][] = [
    ['documentType', input.documentType],
    ['title', input.title],
    ['language', input.language],
  ];
  for (const [name, value] of fields) {
    if (value === undefined) continue;
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  text(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(input.fileName)}"\r\n`);
  text(`Content-Type: ${input.contentType ?? 'application/octet-stream'}\r\n\r\n`);
  chunks.push(input.file);
  text(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export function documentsApi(transport: Transport) {
  return {
    /** 201 with the stored document; 415 when the bytes are not an accepted type, whatever the claimed type. */
    uploadDocument(productId: string, input: UploadDocumentInput, opts: { idempotencyKey?: string } = {}) {
      const { body, contentType } = buildMultipart(input);
      return transport.call<EvidenceDocument>('POST', `/api/v1/products/${encodeURIComponent(productId)}/documents`, {
        rawBody: body,
        contentType,
        ...opts,
      });
    },
    listDocuments(productId: string, query: { limit?: number; cursor?: string } = {}) {
      return transport.call<Page<EvidenceDocument>>(
        'GET',
        `/api/v1/products/${encodeURIComponent(productId)}/documents`,
        { query: { ...query } },
      );
    },
    /** The exact stored bytes and the answer's headers (Content-Type, Content-Disposition, Repr-Digest, ETag). */
    async downloadDocument(id: string): Promise<DownloadedDocument> {
      const res = await transport.send<Uint8Array>('GET', `/api/v1/documents/${encodeURIComponent(id)}/download`, {
        responseType: 'bytes',
        headers: { Accept: '*/*' },
      });
      if (res.status >= 400) throw new IntegrationApiError(res.status, res.data, res.headers);
      return { bytes: res.data, headers: res.headers };
    },
  };
}
