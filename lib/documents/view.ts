import { config } from '../config';
import type { Document } from '../db/generated/client';
import type { DocumentType } from './metadata';
import type { DocumentMediaType } from './sniff';

/** The API's view of a document: metadata, the sniffed type, the digest and where to download it. */
export function documentView(row: Document) {
  return {
    id: row.id,
    productId: row.productId,
    // Both were checked before the row was stored (metadata.ts, sniff.ts).
    documentType: row.documentType as DocumentType,
    title: row.title,
    language: row.language,
    fileName: row.fileName,
    contentType: row.contentType as DocumentMediaType,
    byteLength: row.byteLength,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    downloadUrl: `${config().BASE_URL}/api/v1/documents/${row.id}/download`,
  };
}

export type DocumentView = ReturnType<typeof documentView>;
