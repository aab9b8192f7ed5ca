import type { Db } from '../db/client';
import { documentStorage } from '../documents/storage';
import { documentFile, sha256Of } from './layout';
import { readObject } from './target';

/** An evidence document of a passport as the back-up lists it; its bytes are read only when they must be copied. */
export interface BackupDocument {
  path: string;
  sha256: string;
  bytes: number;
  contentType: string;
  storageKey: string;
}

/** The passport's evidence documents (table Document), each with the SHA-256 recorded at its upload. */
export async function passportDocuments(db: Db, productId: string): Promise<BackupDocument[]> {
  const rows = await db.document.findMany({
    where: { productId },
    select: { id: true, sha256: true, byteLength: true, contentType: true, storageKey: true },
    orderBy: { id: 'asc' },
  });
  return rows.map((d) => ({
    path: documentFile(d.id),
    sha256: d.sha256,
    bytes: d.byteLength,
    contentType: d.contentType,
    storageKey: d.storageKey,
  }));
}

/**
 * The document's stored bytes when they are whole (its recorded SHA-256 and length), else null: a document missing
 * from storage or altered there is left out of the copy (`backup verify` reports it), never copied as it is.
 */
export async function documentBytes(document: BackupDocument): Promise<Uint8Array | null> {
  const bytes = await readObject(documentStorage(), document.storageKey);
  if (!bytes || bytes.byteLength !== document.bytes || sha256Of(bytes) !== document.sha256) return null;
  return bytes;
}
