// Imports of ERP files: upload (multipart built here as bytes, so the signature covers exactly what is sent), status,
// row errors, cancel and submit. Types come from the generated openapi-types.ts, never from the server's modules.
import type { Page, QueryOf, Schema } from './api-types';
import { apiPath, type Transport } from './http';
import { multipartBody } from './multipart';

export type Import = Schema<'Import'>;
export type ImportRowError = Schema<'ImportRowError'>;

export interface CreateImportInput {
  /** The file's bytes: CSV (UTF-8, `,` or `;`), XLSX or JSON Lines; the server judges the type by them. */
  file: Uint8Array;
  fileName: string;
  /** The ERP mapping that reads the columns; required for CSV and XLSX. */
  mappingId?: string;
  /** The battery model whose items the rows are. */
  modelId?: string;
  /** For JSON Lines without a mapping or model: the category whose field ids formData uses. */
  categoryCode?: string;
}

/** The upload as multipart/form-data bytes (RFC 7578): the text parts, then the file part. */
export function buildImportMultipart(input: CreateImportInput, boundary?: string) {
  return multipartBody(
    [
      ['mappingId', input.mappingId],
      ['modelId', input.modelId],
      ['categoryCode', input.categoryCode],
    ],
    { bytes: input.file, fileName: input.fileName },
    boundary,
  );
}

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

export function importsApi(transport: Transport) {
  const getImport = (id: string) => transport.call<Import>('GET', apiPath`/api/v1/imports/${id}`);
  return {
    /** 202 with the queued import; 415 for a file that is no CSV, XLSX or JSON Lines; 422 IMPORT_UNREADABLE when the header lacks a mapped column. */
    createImport(input: CreateImportInput, opts: { idempotencyKey?: string } = {}) {
      const { body, contentType } = buildImportMultipart(input);
      return transport.call<Import>('POST', '/api/v1/imports', { rawBody: body, contentType, ...opts });
    },
    getImport,
    listImportErrors(id: string, query: QueryOf<'listImportErrors'> = {}) {
      return transport.call<Page<ImportRowError>>('GET', apiPath`/api/v1/imports/${id}/errors`, {
        query: { ...query },
      });
    },
    cancelImport(id: string, opts: { idempotencyKey?: string } = {}) {
      return transport.call<Import>('POST', apiPath`/api/v1/imports/${id}/cancel`, opts);
    },
    /** 202: the drafts are submitted in the background; `submission.finishedAt` is set once done. */
    submitImport(id: string, opts: { idempotencyKey?: string } = {}) {
      return transport.call<Import>('POST', apiPath`/api/v1/imports/${id}/submit`, opts);
    },
    /** Reads the import every `intervalMs` until it is completed, failed or cancelled (or `timeoutMs` passes). */
    async waitForImport(id: string, opts: { intervalMs?: number; timeoutMs?: number } = {}): Promise<Import> {
      const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
      for (;;) {
        const job = await getImport(id);
        if (FINISHED.has(job.status)) return job;
        if (Date.now() > deadline) throw new Error(`Import ${id} is still ${job.status}.`);
        await new Promise((resolve) => setTimeout(resolve, opts.intervalMs ?? 1000));
      }
    },
  };
}
