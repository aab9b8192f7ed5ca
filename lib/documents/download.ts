import type { Db, Tx } from '../db/client';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { CONTENT_LENGTH_HEADER } from '../route-framing';
import { requireDocumentsModule } from './access';
import { contentDisposition, reprDigest } from './disposition';
import { type DocumentStorage, documentStorage, storageFailure } from './storage';

/**
 * The stored bytes of a tenant's document as a download. A document belongs to its product's mode: another
 * company's or the other mode's is 404 NOT_FOUND; a row whose file is gone is 404 NO_FILE.
 */
export async function downloadDocument(
  db: Db | Tx,
  ctx: DomainContext,
  documentId: string,
  storage: DocumentStorage = documentStorage(),
): Promise<Response> {
  await requireDocumentsModule(db, ctx.companyId);
  const row = await db.document.findFirst({
    where: { id: documentId, companyId: ctx.companyId, ...(ctx.mode ? { product: { mode: ctx.mode } } : {}) },
  });
  if (!row) throw new ServiceError('NOT_FOUND', 'No such document.');
  let body: ReadableStream<Uint8Array> | Uint8Array | null;
  try {
    body = await storage.get(row.storageKey);
  } catch (error) {
    throw storageFailure(error, 'read');
  }
  if (body === null) throw new ServiceError('NO_FILE', 'The stored file of this document is missing.');
  const digest = reprDigest(row.sha256);
  return new Response(body as BodyInit, {
    status: 200,
    headers: {
      'Content-Type': row.contentType,
      'Content-Length': String(row.byteLength),
      [CONTENT_LENGTH_HEADER]: String(row.byteLength),
      'Content-Disposition': contentDisposition(row.fileName),
      'Repr-Digest': digest,
      // The obsoleted RFC 3230 form, for clients that only know `Digest`.
      Digest: `sha-256=${digest.slice('sha-256=:'.length, -1)}`,
      ETag: `"${row.sha256}"`,
      'X-Content-Type-Options': 'nosniff',
      // no-transform: the bytes must stay the ones the digest names (no compression on the way).
      'Cache-Control': 'private, no-store, no-transform',
    },
  });
}
