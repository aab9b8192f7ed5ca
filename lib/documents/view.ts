import { config } from '../config';
import type { Document } from '../db/generated/client';
import { iso } from '../integration/respond';

/** The API's view of a document: metadata, the sniffed type, the digest and where to download it. */
export function documentView(row: Document) {
  return {
    id: row.id,
    productId: row.productId,
    documentType: row.documentType,
    title: row.title,
    language: row.language,
    fileName: row.fileName,
    contentType: row.contentType,
    byteLength: row.byteLength,
    sha256: row.sha256,
    createdAt: iso(row.createdAt),
    downloadUrl: `${config().BASE_URL}/api/v1/documents/${row.id}/download`,
  };
}

export type DocumentView = ReturnType<typeof documentView>;
